// The `rope_scaling` object of a Hugging Face config.json, as plain data (the JS wrapper parses
// the snake_case JSON into this). Unset optional keys are std::nullopt; the formulas that use
// them live in rope_frequencies.cpp, the rules in arguments.cpp.
#pragma once

#include <optional>
#include <vector>

namespace posenc {

// rope_type (or `type` in older configs), as transformers' ROPE_INIT_FUNCTIONS names them.
enum class RopeType { standard, linear, dynamic, yarn, llama3, longrope };

// The name a config uses for the type: "default", "linear", "dynamic", "yarn", "llama3", "longrope".
const char* ropeTypeName(RopeType type);

struct RopeScaling {
  RopeType type = RopeType::standard;
  std::optional<double> factor;                          // linear, dynamic, yarn, llama3, longrope
  std::optional<double> originalMaxPositionEmbeddings;   // yarn, llama3, longrope
  // config.max_position_embeddings, which is not part of rope_scaling: dynamic's original
  // length, and yarn's when original_max_position_embeddings is unset.
  std::optional<double> maxPositionEmbeddings;
  std::optional<double> lowFreqFactor, highFreqFactor;  // llama3
  std::optional<double> betaFast, betaSlow;             // yarn; 0 counts as unset (32 and 1)
  std::optional<double> attentionFactor;                // yarn, longrope
  std::optional<double> mscale, mscaleAllDim;           // yarn; 0 counts as unset
  bool truncate = true;                                 // yarn
  // longrope (Phi-3): one factor per pair dividing its frequency, the short ones up to the
  // original context, the long ones beyond it.
  std::vector<double> shortFactor, longFactor;
};

}  // namespace posenc
