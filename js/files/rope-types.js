// llama.cpp's pair layout per architecture (general.architecture): the GGUF does not say which
// columns pair up, the engine's table does. Copied as data from llama_model_rope_type() in
// src/llama-model.cpp at cb44cdcc6af791f9c4d8b33a3ffd8d2abaf28661 (a stored revision of
// ggml-org/llama.cpp, read with its LLM_ARCH_NAMES from src/llama-arch.cpp at the same commit; the
// newest found, not proven to be upstream's newest). Types: NORM pairs (2i, 2i + 1), NEOX
// (i, i + n/2, transformers' rotate_half), MROPE / IMROPE the multimodal sections (NEOX pairs,
// IMROPE interleaving the sections), NONE no RoPE. Regenerate with the steps in docs/model-files.md.

export const ROPE_TYPE_SOURCE = Object.freeze({ repo: 'ggml-org/llama.cpp', path: 'src/llama-model.cpp', commit: 'cb44cdcc6af791f9c4d8b33a3ffd8d2abaf28661' });

const TABLE = {
  NORM: [
    'arcee', 'arctic', 'baichuan', 'bailingmoe', 'bailingmoe3', 'chameleon', 'chatglm', 'cohere2',
    'cohere2moe', 'command-r', 'deci', 'deepseek', 'deepseek2', 'deepseek2-ocr', 'deepseek32', 'deepseek4',
    'dots3note', 'eagle3', 'ernie4_5', 'ernie4_5-moe', 'glm-dsa', 'granite', 'granite_swa', 'granitehybrid',
    'granitemoe', 'graniteswitch', 'hy_v4', 'internlm2', 'llada', 'llama', 'llama-embed', 'llama4',
    'maincoder', 'minicpm', 'mistral3', 'mistral4', 'muse-glimmer', 'nanbeige', 'neo-bert', 'olmo', 'plm',
    'pockettts', 'smollm3', 'starcoder', 'xverse',
  ],
  NEOX: [
    'afmoe', 'apertus', 'bailingmoe2', 'bert', 'bitnet', 'codeshell', 'cogvlm', 'dbrx', 'dots1', 'dream',
    'eurobert', 'exaone', 'exaone-moe', 'exaone4', 'falcon', 'falcon-h1', 'gemma', 'gemma-embedding',
    'gemma2', 'gemma3', 'gemma3n', 'gemma4', 'gemma4-assistant', 'gpt-oss', 'gptneox', 'grok', 'grovemoe',
    'hrm_text', 'hunyuan-dense', 'hunyuan-moe', 'hy_v3', 'jais2', 'jina-bert-v3', 'laguna', 'lfm2',
    'lfm2moe', 'llada-moe', 'mellum', 'mimo2', 'minicpm3', 'minimax-01', 'minimax-m2', 'minimax-m3',
    'modern-bert', 'nemotron', 'nomic-bert', 'nomic-bert-moe', 'olmo2', 'olmoe', 'openelm', 'orion',
    'pangu-embedded', 'phi2', 'phi3', 'phimoe', 'plamo', 'plamo2', 'plamo3', 'qwen', 'qwen2', 'qwen2moe',
    'qwen3', 'qwen3moe', 'qwen3next', 'rnd1', 'seed_oss', 'smallthinker', 'stablelm', 'starcoder2',
    'step35', 'talkie',
  ],
  MROPE: [
    'paddleocr', 'qwen2vl',
  ],
  IMROPE: [
    'qwen35', 'qwen35moe', 'qwen3tts', 'qwen3vl', 'qwen3vlmoe', 'qwen4exp',
  ],
  NONE: [
    'arwkv7', 'bloom', 'clip', 'gpt2', 'gptj', 'jais', 'jamba', 'jina-bert-v2', 'kimi-k3', 'kimi-linear',
    'mamba', 'mamba2', 'mpt', 'nemotron_h', 'nemotron_h_moe', 'refact', 'rwkv6', 'rwkv6qwen2', 'rwkv7',
    't5', 't5encoder', 'wavtokenizer-dec',
  ],
};

const TYPES = new Map(Object.entries(TABLE).flatMap(([type, names]) => names.map((name) => [name, type])));

// use_mrope() (src/llama-hparams.cpp): rope.dimension_sections present with its first two > 0.
const mrope = (m, arch) => {
  const s = m[`${arch}.rope.dimension_sections`];
  return Array.isArray(s) && s[0] > 0 && s[1] > 0;
};
const CONDITIONAL = new Map(Object.entries({
  glm4: (m) => (mrope(m, 'glm4') ? 'MROPE' : 'NORM'),
  glm4moe: (m) => (mrope(m, 'glm4moe') ? 'MROPE' : 'NEOX'),
  hunyuan_vl: (m) => (mrope(m, 'hunyuan_vl') ? 'MROPE' : 'NEOX'),
  // any section non-zero: MROPE; else DeepSeek-V4 drafters (hyper_connection.count > 0) NORM.
  dflash: (m) => {
    const s = m['dflash.rope.dimension_sections'];
    if (Array.isArray(s) && s.some((v) => v)) return 'MROPE';
    return m['dflash.hyper_connection.count'] > 0 ? 'NORM' : 'NEOX';
  },
}));

/** llama.cpp's rope type for an architecture, given the file's metadata; undefined if unknown. */
export const ropeTypeOf = (architecture, metadata) => CONDITIONAL.get(architecture)?.(metadata) ?? TYPES.get(architecture);
