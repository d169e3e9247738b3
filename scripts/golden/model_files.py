"""Model files for tests/js/model-files.test.js (tests/fixtures/model-files/), each made by its format's own writer.

.npy: numpy's np.save (np.lib.format.write_array for versions 2.0 and 3.0): inv_freq dumps of transformers' frequencies
for real configs (the float64 golden values of scripts/golden/rope_configs.py in tests/golden/rope-configs.json, stored
as float32 as a model's buffer holds them), cos/sin caches as transformers' rotary embedding builds them
(cat(freqs, freqs), times its attention factor), and sinusoid tables by their sources' formulas.
safetensors: written to the format's specification (huggingface/safetensors README: an 8-byte little-endian header
length, the JSON header padded with spaces to a multiple of 8, the data), with the tensor names real checkpoints use.

GGUF: llama.cpp's gguf-py GGUFWriter, with the keys, value types, order and position tensors that llama.cpp's
convert_hf_to_gguf.py writes for the real config.json beside it in tests/fixtures/configs (read at llama.cpp commit
0024aa7417efd50a7c2a79e049dfbbbceb0beaaf: TextModel.set_gguf_parameters, LlamaModel, Phi3MiniModel, Qwen2Model,
Gemma3Model, Qwen2VLModel). The converter reads the config through transformers' AutoConfig, so values the file
leaves to its config class's defaults are filled as that class fills them (said where it happens). Only the header and
the position tensors are written: no tokenizer and no weights (llama.cpp would not load such a file; posenc reads
nothing else). The files with a porting bug say which bug, and which converter or tool wrote it that way.

gguf-py is not part of this repository: take gguf-py/ from a llama.cpp checkout (this was run with the files of the
commit above; the writer needs numpy only) and run, with Debian's python3-numpy:
    GGUF_PY=/path/to/llama.cpp/gguf-py /usr/bin/python3 scripts/golden/model_files.py
CI only reads the files.
"""
import json
import math
import os
import sys

import numpy

sys.path.insert(0, os.environ["GGUF_PY"])
from gguf.gguf_writer import GGUFWriter  # noqa: E402
from gguf.constants import GGUFEndian, GGUFValueType, RopeScalingType  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIGS = os.path.join(HERE, "..", "..", "tests", "fixtures", "configs")
OUT = os.path.join(HERE, "..", "..", "tests", "fixtures", "model-files")
F32 = numpy.float32


def config(name):
    with open(os.path.join(CONFIGS, name + ".json")) as f:
        c = json.load(f)
    return c.get("text_config", c)


def write(name, arch, keys, tensors=(), endianess=GGUFEndian.LITTLE):
    """keys: (method, *args) in the converter's order; tensors: (name, float32 array)."""
    w = GGUFWriter(os.path.join(OUT, name), arch, endianess=endianess)
    w.add_type("model")
    for method, *args in keys:
        getattr(w, method)(*args)
    w.add_quantization_version(2)
    for tensor_name, values in tensors:
        w.add_tensor(tensor_name, numpy.asarray(values, dtype=F32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    print(name, os.path.getsize(os.path.join(OUT, name)), "bytes")


def llama3_divisors(c, dim):
    """convert_hf_to_gguf.py LlamaModel.generate_extra_tensors: per pair, the divisor of its frequency under llama3
    scaling, in float32 as the converter's torch tensors compute it (numpy float32 here; torch's pow may differ in the
    last bit, which the tests' tolerance allows)."""
    s = c["rope_scaling"]
    base, factor = F32(c["rope_theta"]), F32(s["factor"])
    low, high, old = F32(s["low_freq_factor"]), F32(s["high_freq_factor"]), F32(s["original_max_position_embeddings"])
    freqs = F32(1.0) / (base ** (numpy.arange(0, dim, 2, dtype=F32) / F32(dim)))
    out = []
    for freq in freqs:
        wavelen = F32(2 * math.pi) / freq
        if wavelen < old / high:
            out.append(F32(1))
        elif wavelen > old / low:
            out.append(factor)
        else:
            smooth = (old / wavelen - low) / (high - low)
            out.append(F32(1) / ((F32(1) - smooth) / factor + smooth))
    return numpy.array(out, dtype=F32)


def llama(c, freqs=True):
    keys = [("add_block_count", c["num_hidden_layers"]), ("add_context_length", c["max_position_embeddings"]),
            ("add_embedding_length", c["hidden_size"]), ("add_feed_forward_length", c["intermediate_size"]),
            ("add_head_count", c["num_attention_heads"]), ("add_head_count_kv", c["num_key_value_heads"]),
            ("add_rope_freq_base", c["rope_theta"]), ("add_layer_norm_rms_eps", c["rms_norm_eps"]),
            # LlamaConfig's head_dim default: hidden_size // num_attention_heads
            ("add_key_length", c["hidden_size"] // c["num_attention_heads"]),
            ("add_value_length", c["hidden_size"] // c["num_attention_heads"]),
            ("add_file_type", 32), ("add_vocab_size", c["vocab_size"]),
            ("add_rope_dimension_count", c["hidden_size"] // c["num_attention_heads"])]
    tensors = [("rope_freqs.weight", llama3_divisors(c, c["hidden_size"] // c["num_attention_heads"]))] if freqs else []
    return keys, tensors


def main():
    os.makedirs(OUT, exist_ok=True)
    c = config("llama-3.1-8b")
    write("llama-3.1-8b.gguf", "llama", *llama(c))
    write("llama-3.1-8b-big-endian.gguf", "llama", *llama(c), endianess=GGUFEndian.BIG)
    # Bug: converters before llama.cpp PR #8676 (issue #8650) wrote no rope_freqs: plain RoPE past 8192.
    write("llama-3.1-8b-no-rope-freqs.gguf", "llama", *llama(c, freqs=False))
    # Bug: the divisors of Llama 3.2 (factor 32) in an 8B file (a stale tensor copied between conversions).
    keys, _ = llama(c)
    write("llama-3.1-8b-factor-32-freqs.gguf", "llama", keys,
          [("rope_freqs.weight", llama3_divisors({**c, "rope_scaling": {**c["rope_scaling"], "factor": 32.0}}, 128))])

    # Phi3MiniModel: its own set_gguf_parameters; attn_factor is added while tensors are prepared (it sits first).
    c = config("phi-3-mini-128k-instruct")
    s = c["rope_scaling"]
    dim = c["hidden_size"] // c["num_attention_heads"]
    scale = c["max_position_embeddings"] / c["original_max_position_embeddings"]
    attn = math.sqrt(1 + math.log(scale) / math.log(c["original_max_position_embeddings"]))
    write("phi-3-mini-128k-instruct.gguf", "phi3", [
        ("add_rope_scaling_attn_factors", attn),
        ("add_context_length", c["max_position_embeddings"]),
        ("add_rope_scaling_orig_ctx_len", c["original_max_position_embeddings"]),
        ("add_embedding_length", c["hidden_size"]), ("add_feed_forward_length", c["intermediate_size"]),
        ("add_block_count", c["num_hidden_layers"]), ("add_head_count", c["num_attention_heads"]),
        ("add_head_count_kv", c["num_key_value_heads"]), ("add_layer_norm_rms_eps", c["rms_norm_eps"]),
        ("add_rope_dimension_count", int(1.0 * c["hidden_size"]) // c["num_attention_heads"]),
        ("add_rope_freq_base", c["rope_theta"]), ("add_file_type", 32),
        ("add_sliding_window", c["sliding_window"])],
        [("rope_factors_long.weight", s["long_factor"]), ("rope_factors_short.weight", s["short_factor"])])
    assert len(s["long_factor"]) == dim // 2

    c = config("qwen2.5-72b-yarn")
    write("qwen2.5-72b-yarn.gguf", "qwen2", [
        ("add_block_count", c["num_hidden_layers"]), ("add_context_length", c["max_position_embeddings"]),
        ("add_embedding_length", c["hidden_size"]), ("add_feed_forward_length", c["intermediate_size"]),
        ("add_head_count", c["num_attention_heads"]), ("add_head_count_kv", c["num_key_value_heads"]),
        ("add_rope_scaling_type", RopeScalingType.YARN), ("add_rope_scaling_factor", c["rope_scaling"]["factor"]),
        ("add_rope_scaling_orig_ctx_len", c["rope_scaling"]["original_max_position_embeddings"]),
        ("add_rope_freq_base", c["rope_theta"]), ("add_layer_norm_rms_eps", c["rms_norm_eps"]), ("add_file_type", 32)])

    def gemma3(c, defaults, scaling):
        g = {**defaults, **{k: v for k, v in c.items() if v is not None}}
        keys = [("add_block_count", g["num_hidden_layers"]), ("add_context_length", g["max_position_embeddings"]),
                ("add_embedding_length", g["hidden_size"]), ("add_feed_forward_length", g["intermediate_size"]),
                ("add_head_count", g["num_attention_heads"]), ("add_head_count_kv", g["num_key_value_heads"])]
        if scaling:
            keys += [("add_rope_scaling_type", RopeScalingType.LINEAR), ("add_rope_scaling_factor", scaling)]
        keys += [("add_rope_freq_base", g["rope_theta"]), ("add_rope_freq_base_swa", g["rope_local_base_freq"]),
                 ("add_layer_norm_rms_eps", g["rms_norm_eps"]), ("add_key_length", g["head_dim"]),
                 ("add_value_length", g["head_dim"]), ("add_file_type", 32), ("add_sliding_window", g["sliding_window"])]
        return keys

    # Gemma3TextConfig's defaults fill what gemma-3-4b-it's sparse text_config leaves out.
    defaults = {"max_position_embeddings": 131072, "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
                "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0, "rms_norm_eps": 1e-6}
    c = config("gemma-3-4b-it")
    write("gemma-3-4b-it.gguf", "gemma3", gemma3(c, defaults, c["rope_scaling"]["factor"]))
    # Bug (ollama PR #12348): Gemma 3 QAT files carried linear factor 8 where the model has none (1b: factor 1).
    c = config("gemma-3-1b-it")
    write("gemma-3-1b-it-factor-8.gguf", "gemma3", gemma3(c, defaults, 8.0))

    # Qwen3VLTextModel: the generic keys, dimension_sections padded to 4, key/value length = head_dim,
    # the deepstack layer count; llama.cpp interleaves the sections by architecture (IMROPE).
    c = config("qwen3-vl-4b-instruct")
    with open(os.path.join(CONFIGS, "qwen3-vl-4b-instruct.json")) as f:
        vision = json.load(f)["vision_config"]
    write("qwen3-vl-4b-instruct.gguf", "qwen3vl", [
        ("add_block_count", c["num_hidden_layers"]), ("add_context_length", c["max_position_embeddings"]),
        ("add_embedding_length", c["hidden_size"]), ("add_feed_forward_length", c["intermediate_size"]),
        ("add_head_count", c["num_attention_heads"]), ("add_head_count_kv", c["num_key_value_heads"]),
        ("add_rope_dimension_sections", c["rope_scaling"]["mrope_section"] + [0]), ("add_rope_freq_base", c["rope_theta"]),
        ("add_layer_norm_rms_eps", c["rms_norm_eps"]), ("add_key_length", c["head_dim"]), ("add_value_length", c["head_dim"]),
        ("add_file_type", 32), ("add_num_deepstack_layers", len(vision["deepstack_visual_indexes"]))])

    c = config("qwen2-vl-7b-instruct")
    sections = c["rope_scaling"]["mrope_section"] + [0]
    write("qwen2-vl-7b-instruct.gguf", "qwen2vl", [
        ("add_block_count", c["num_hidden_layers"]), ("add_context_length", c["max_position_embeddings"]),
        ("add_embedding_length", c["hidden_size"]), ("add_feed_forward_length", c["intermediate_size"]),
        ("add_head_count", c["num_attention_heads"]), ("add_head_count_kv", c["num_key_value_heads"]),
        ("add_rope_dimension_sections", sections), ("add_rope_freq_base", c["rope_theta"]),
        ("add_layer_norm_rms_eps", c["rms_norm_eps"]), ("add_file_type", 32)])


GOLDEN = os.path.join(HERE, "..", "..", "tests", "golden", "rope-configs.json")


def inv_freq(name, kind="full_attention"):
    with open(GOLDEN) as f:
        return numpy.array(json.load(f)["configs"][name + ".json"]["rope"][kind]["inv_freq"], dtype=numpy.float64)


def whisper_sinusoids(length, channels, max_timescale=10000):
    """openai/whisper whisper/model.py sinusoids(): sin | cos, log step ln(max_timescale) / (channels/2 - 1)."""
    step = numpy.log(max_timescale) / (channels // 2 - 1)
    inv = numpy.exp(-step * numpy.arange(channels // 2))
    scaled = numpy.arange(length)[:, numpy.newaxis] * inv[numpy.newaxis, :]
    return numpy.concatenate([numpy.sin(scaled), numpy.cos(scaled)], axis=1)


def cache(freqs, rows, start=0, factor=1.0):
    """transformers' rotary embedding: emb = cat(freqs, freqs) over positions, cos and sin times the attention factor."""
    angles = numpy.outer(numpy.arange(start, start + rows, dtype=numpy.float64), freqs)
    emb = numpy.concatenate([angles, angles], axis=1)
    return numpy.cos(emb) * factor, numpy.sin(emb) * factor


def save_npy(name, array, version=None):
    path = os.path.join(OUT, name)
    if version is None:
        numpy.save(path, array)
    else:
        with open(path, "wb") as f:
            numpy.lib.format.write_array(f, array, version=version)
    print(name, os.path.getsize(path), "bytes")


def bfloat16(array):
    """float32 → bfloat16 bytes, rounded to nearest even as torch's .to(torch.bfloat16) rounds."""
    bits = array.astype("<f4").view("<u4").astype(numpy.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype("<u2").tobytes()


def save_safetensors(name, tensors, metadata=None):
    """tensors: (name, numpy array, dtype name); data in the order given, each right after the last."""
    header, data, offset = {}, [], 0
    if metadata:
        header["__metadata__"] = metadata
    for tensor_name, array, dtype in tensors:
        raw = array.tobytes() if dtype != "BF16" else bfloat16(array)
        header[tensor_name] = {"dtype": dtype, "shape": list(array.shape), "data_offsets": [offset, offset + len(raw)]}
        data.append(raw)
        offset += len(raw)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    path = os.path.join(OUT, name)
    with open(path, "wb") as f:
        f.write(len(text).to_bytes(8, "little") + text + b"".join(data))
    print(name, os.path.getsize(path), "bytes")


def arrays():
    for name in ["llama-2-7b", "llama-3.1-8b", "gemma-3-4b-it", "qwen2.5-72b-yarn", "phi-3.5-mini-instruct"]:
        save_npy(f"{name}-inv-freq.npy", inv_freq(name).astype("<f4"))
    # The same vector in the other versions, byte order and widths the format has.
    f = inv_freq("llama-3.1-8b")
    save_npy("llama-3.1-8b-inv-freq-v2.npy", f.astype("<f4"), version=(2, 0))
    save_npy("llama-3.1-8b-inv-freq-v3.npy", f.astype("<f4"), version=(3, 0))
    save_npy("llama-3.1-8b-inv-freq-f64-big-endian.npy", f.astype(">f8"))
    # A port's bug: frequencies over the head dimension, base 10,000, where the model says 500,000.
    save_npy("llama-3.1-8b-inv-freq-base-10000.npy", inv_freq("llama-2-7b").astype("<f4"))
    # cos and sin stacked (2, positions, head_dim): Qwen2.5's YaRN cache, its attention factor
    # 0.1 ln 4 + 1, positions 3 to 66 (a slice past a prompt).
    cos, sin = cache(inv_freq("qwen2.5-72b-yarn"), 64, start=3, factor=0.1 * math.log(4) + 1)
    save_npy("qwen2.5-72b-yarn-cos-sin.npy", numpy.stack([cos, sin]).astype("<f4"))
    # Dynamic NTK: Qwen2's inv_freq after a forward pass of 262,144 positions (twice its original
    # context), as transformers recomputes it (rope_configs.py's at_length for that config).
    with open(GOLDEN) as f:
        at = json.load(f)["configs"]["edge/qwen2-dynamic.json"]["rope"]["full_attention"]["at_length"]
    save_npy(f"qwen2-dynamic-inv-freq-{at['length']}.npy", numpy.array(at["inv_freq"]).astype("<f4"))
    # Whisper's table in Fortran order.
    save_npy("whisper-sinusoids-fortran.npy", numpy.asfortranarray(whisper_sinusoids(200, 64).astype("<f4")))


def checkpoints():
    # Old Llama 2 checkpoints persisted the rotary buffer in every layer (here one layer's); its
    # q_proj is listed, not read.
    rng = numpy.random.default_rng(48)
    save_safetensors("llama-2-7b-layer.safetensors", [
        ("model.layers.0.self_attn.rotary_emb.inv_freq", inv_freq("llama-2-7b").astype("<f4"), "F32"),
        ("model.layers.0.self_attn.q_proj.weight", rng.standard_normal((64, 64)).astype("<f2"), "F16"),
    ], {"format": "pt"})
    # The same buffer stored in bfloat16 (a low-precision save): 8 significant bits.
    save_safetensors("llama-2-7b-inv-freq-bf16.safetensors", [
        ("model.layers.0.self_attn.rotary_emb.inv_freq", inv_freq("llama-2-7b"), "BF16")])
    # Whisper's encoder table (sinusoids, F16 as checkpoints store it) beside a learned decoder
    # table: a stand-in of smooth random features (no real weights here), GPT-2's shape scaled down.
    positions = numpy.arange(128)[:, None] / 128
    learned = numpy.sin(positions * rng.uniform(0.5, 40, (1, 48)) + rng.uniform(0, 6.3, (1, 48))) * rng.uniform(0.05, 0.2, (1, 48))
    learned += 0.02 * rng.standard_normal((128, 48))
    save_safetensors("whisper-shaped.safetensors", [
        ("model.encoder.embed_positions.weight", whisper_sinusoids(200, 64).astype("<f2"), "F16"),
        ("model.decoder.embed_positions.weight", learned.astype("<f4"), "F32"),
    ], {"format": "pt"})
    # T5's relative attention bias: 32 buckets × 8 heads (random stand-in values).
    save_safetensors("t5-shaped.safetensors", [
        ("encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight", rng.standard_normal((32, 8)).astype("<f4"), "F32")])


if __name__ == "__main__":
    main()
    arrays()
    checkpoints()
