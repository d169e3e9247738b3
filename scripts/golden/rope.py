"""Reference values for rotary embeddings (tests/golden/rope-*.json), run with Debian's python3
and torch (python3-torch 1.13): /usr/bin/python3 scripts/golden/rope.py

Each function re-implements its source's formula as that source writes it, in float64 and in
float32 (the models' dtype: inv_freq from an int64 arange cast to float32, positions cast to
float32, cos/sin in float32). Sources (transformers main; meta-llama/llama main):
  transformers src/transformers/modeling_rope_utils.py: _compute_default_rope_parameters,
    _compute_linear_scaling_rope_parameters, _compute_dynamic_ntk_parameters,
    _compute_yarn_parameters (get_mscale, find_correction_dim, find_correction_range,
    linear_ramp_factor, truncate), _compute_llama3_parameters
  transformers models/llama/modeling_llama.py: LlamaRotaryEmbedding.forward, rotate_half,
    apply_rotary_pos_emb (layout 'concatenated'; partial rotary as models/gpt_neox and Phi:
    rotate the first rotary_ndims columns, pass the rest)
  transformers models/gptj/modeling_gptj.py: create_sinusoidal_positions, rotate_every_two,
    apply_rotary_pos_emb (layout 'interleaved', rotary_dim)
  meta-llama/llama llama/model.py: precompute_freqs_cis, apply_rotary_emb (complex form,
    asserted equal to the GPT-J form in float64)
CI only reads the JSON files; rerun this after changing a case.
"""
import json
import math
import os

import numpy
import torch

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "golden")


# --- transformers modeling_rope_utils.py ----------------------------------------------------

def default_inv_freq(base, dim, dtype):
    # _compute_default_rope_parameters
    return 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(dtype) / dim))


def rope_parameters(scaling, base, dim, seq_len, dtype):
    """ROPE_INIT_FUNCTIONS[rope_type](config, device, seq_len) -> (inv_freq, attention_factor)."""
    scaling = scaling or {}
    rope_type = scaling.get("rope_type", scaling.get("type", "default"))
    if rope_type == "default":
        return default_inv_freq(base, dim, dtype), 1.0
    factor = scaling["factor"]
    if rope_type == "linear":  # _compute_linear_scaling_rope_parameters
        return default_inv_freq(base, dim, dtype) / factor, 1.0
    if rope_type == "dynamic":  # _compute_dynamic_ntk_parameters
        max_position_embeddings = scaling["max_position_embeddings"]  # config.max_position_embeddings
        seq_len = seq_len if seq_len is not None and seq_len > max_position_embeddings else max_position_embeddings
        base = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
        return default_inv_freq(base, dim, dtype), 1.0
    if rope_type == "yarn":
        return yarn(scaling, base, dim, dtype)
    if rope_type == "llama3":
        return llama3(scaling, base, dim, dtype)
    raise ValueError(rope_type)


def yarn(scaling, base, dim, dtype):
    # _compute_yarn_parameters
    factor = scaling["factor"]
    attention_factor = scaling.get("attention_factor")
    mscale = scaling.get("mscale")
    mscale_all_dim = scaling.get("mscale_all_dim")
    original_max_position_embeddings = (
        scaling.get("original_max_position_embeddings") or scaling.get("max_position_embeddings"))

    def get_mscale(scale, mscale=1):
        if scale <= 1:
            return 1.0
        return 0.1 * mscale * math.log(scale) + 1.0

    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = get_mscale(factor)

    beta_fast = scaling.get("beta_fast") or 32
    beta_slow = scaling.get("beta_slow") or 1

    def find_correction_dim(num_rotations, dim, base, max_position_embeddings):
        return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (2 * math.log(base))

    def find_correction_range(low_rot, high_rot, dim, base, max_position_embeddings, truncate):
        low = find_correction_dim(low_rot, dim, base, max_position_embeddings)
        high = find_correction_dim(high_rot, dim, base, max_position_embeddings)
        if truncate:
            low = math.floor(low)
            high = math.ceil(high)
        return max(low, 0), min(high, dim - 1)

    def linear_ramp_factor(min, max, dim):
        if min == max:
            max += 0.001  # Prevent singularity
        linear_func = (torch.arange(dim, dtype=dtype) - min) / (max - min)
        return torch.clamp(linear_func, 0, 1)

    pos_freqs = base ** (torch.arange(0, dim, 2).to(dtype=dtype) / dim)
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)
    truncate = scaling.get("truncate", True)
    low, high = find_correction_range(beta_fast, beta_slow, dim, base, original_max_position_embeddings, truncate)
    inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2).to(dtype=dtype)
    inv_freq = (inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
                + inv_freq_extrapolation * inv_freq_extrapolation_factor)
    return inv_freq, attention_factor


def llama3(scaling, base, dim, dtype):
    # _compute_llama3_parameters
    inv_freq = default_inv_freq(base, dim, dtype)
    factor = scaling["factor"]
    low_freq_factor = scaling["low_freq_factor"]
    high_freq_factor = scaling["high_freq_factor"]
    old_context_len = scaling["original_max_position_embeddings"]
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    return torch.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama), attention_factor_of(None)


def attention_factor_of(_):
    return 1.0  # "Unused in this type of RoPE"


# --- applying the rotation ------------------------------------------------------------------

def rotate_half(x):
    # modeling_llama.py
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def concatenated(x, inv_freq, positions, attention_scaling, rotary, dtype):
    # LlamaRotaryEmbedding.forward: freqs = inv_freq @ position_ids (float), emb = cat(freqs, freqs)
    freqs = (inv_freq[None, :, None] @ positions.to(dtype)[None, None, :]).transpose(1, 2)[0]
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos() * attention_scaling, emb.sin() * attention_scaling
    # apply_rotary_pos_emb on the first `rotary` columns (GPT-NeoX: query_rot, query_pass)
    x_rot, x_pass = x[..., :rotary], x[..., rotary:]
    return torch.cat(((x_rot * cos) + (rotate_half(x_rot) * sin), x_pass), dim=-1)


def rotate_every_two(x):
    # modeling_gptj.py
    x1 = x[:, ::2]
    x2 = x[:, 1::2]
    x = torch.stack((-x2, x1), dim=-1)
    return x.flatten(-2)


def interleaved(x, inv_freq, positions, attention_scaling, rotary, dtype):
    # create_sinusoidal_positions: einsum("i , j -> i j", positions, inv_freq), then sin | cos
    sinusoid_inp = torch.einsum("i , j -> i j", positions.to(dtype), inv_freq)
    sin = torch.repeat_interleave(torch.sin(sinusoid_inp), 2, dim=-1) * attention_scaling
    cos = torch.repeat_interleave(torch.cos(sinusoid_inp), 2, dim=-1) * attention_scaling
    # GPTJAttention: k_rot = key[..., :rotary_dim], k_pass = key[..., rotary_dim:]
    x_rot, x_pass = x[..., :rotary], x[..., rotary:]
    return torch.cat(((x_rot * cos) + (rotate_every_two(x_rot) * sin), x_pass), dim=-1)


def meta_llama(x, inv_freq, positions, attention_scaling):
    # llama/model.py precompute_freqs_cis + apply_rotary_emb (float64 cross-check)
    freqs = torch.outer(positions.to(torch.float64), inv_freq)
    freqs_cis = torch.polar(torch.ones_like(freqs), freqs) * attention_scaling
    x_ = torch.view_as_complex(x.reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(x_ * freqs_cis).flatten(1)


# --- the cases ------------------------------------------------------------------------------

LLAMA2_7B = dict(headDim=128, base=10000.0, scaling=None)
LLAMA31_8B = dict(headDim=128, base=500000.0, scaling={
    "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
    "original_max_position_embeddings": 8192, "rope_type": "llama3"})
# NousResearch/Yarn-Llama-2-7b-64k (an unknown key, "finetuned", is ignored)
YARN_LLAMA2_64K = dict(headDim=128, base=10000.0, scaling={
    "factor": 16.0, "original_max_position_embeddings": 4096, "type": "yarn", "finetuned": True})
# Qwen2.5-7B-Instruct's documented long-context setting
QWEN25_YARN = dict(headDim=128, base=1000000.0, scaling={
    "factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"})
# deepseek-ai/DeepSeek-V2: qk_rope_head_dim 64
DEEPSEEK_V2 = dict(headDim=64, base=10000.0, scaling={
    "beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 0.707, "mscale_all_dim": 0.707,
    "original_max_position_embeddings": 4096, "type": "yarn"})
# openai/gpt-oss-20b: head_dim 64, truncate false
GPT_OSS = dict(headDim=64, base=150000.0, scaling={
    "beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0, "original_max_position_embeddings": 4096,
    "rope_type": "yarn", "truncate": False})
# EleutherAI/gpt-neox-20b: hidden 6144 / 64 heads = 96, rotary_pct 0.25 -> 24 rotary dims
NEOX_20B = dict(headDim=96, rotaryDims=24, base=10000.0, scaling=None)
# EleutherAI/pythia-160m: 768 / 12 = 64, rotary_pct 0.25 -> 16
PYTHIA_160M = dict(headDim=64, rotaryDims=16, base=10000.0, scaling=None)
# EleutherAI/gpt-j-6b: n_embd 4096 / 16 heads = 256, rotary_dim 64
GPTJ_6B = dict(headDim=256, rotaryDims=64, base=10000.0, scaling=None)
LINEAR_8 = dict(headDim=128, base=10000.0, scaling={"type": "linear", "factor": 8.0})  # lmsys/longchat-7b-16k
DYNAMIC_2 = dict(headDim=64, base=10000.0,
                 scaling={"type": "dynamic", "factor": 2.0, "max_position_embeddings": 2048})

FREQUENCY_CASES = [
    ("Llama 2 7B (default)", LLAMA2_7B, None),
    ("linear, factor 8", LINEAR_8, None),
    ("dynamic below the original length", DYNAMIC_2, 1000),
    ("dynamic at the original length", DYNAMIC_2, 2048),
    ("dynamic above the original length", DYNAMIC_2, 5000),
    ("dynamic, length unset", DYNAMIC_2, None),
    ("yarn, Yarn-Llama-2-7b-64k", YARN_LLAMA2_64K, None),
    ("yarn, Qwen2.5 factor 4", QWEN25_YARN, None),
    ("yarn, DeepSeek-V2 (mscale = mscale_all_dim)", DEEPSEEK_V2, None),
    ("yarn, mscale 1 / mscale_all_dim 0.5", dict(DEEPSEEK_V2, scaling=dict(DEEPSEEK_V2["scaling"], mscale=1.0, mscale_all_dim=0.5)), None),
    ("yarn, mscale alone (ignored)", dict(DEEPSEEK_V2, scaling={"type": "yarn", "factor": 40, "mscale": 0.707, "original_max_position_embeddings": 4096}), None),
    ("yarn, attention_factor given, beta 0 = unset", dict(QWEN25_YARN, scaling=dict(QWEN25_YARN["scaling"], attention_factor=1.5, beta_fast=0, beta_slow=0)), None),
    ("yarn, gpt-oss (truncate false)", GPT_OSS, None),
    ("yarn, no original_max_position_embeddings", dict(headDim=64, base=10000.0, scaling={"rope_type": "yarn", "factor": 4.0, "max_position_embeddings": 2048}), None),
    ("yarn, beta_fast 8 beta_slow 2", dict(headDim=32, base=10000.0, scaling={"rope_type": "yarn", "factor": 2.0, "beta_fast": 8, "beta_slow": 2, "original_max_position_embeddings": 512}), None),
    ("llama3, Llama 3.1 8B", LLAMA31_8B, None),
    ("GPT-NeoX 20B partial rotary", NEOX_20B, None),
    ("Pythia 160M partial rotary", PYTHIA_160M, None),
    ("llama3 over partial rotary dims", dict(LLAMA31_8B, rotaryDims=32), None),
]

ROTATION_CASES = [
    # name, model, layout, rows, positions (list) or start (int), length
    ("default interleaved from 0", dict(headDim=16, base=10000.0, scaling=None), "interleaved", 4, 0, None),
    ("default concatenated from start 5", dict(headDim=16, base=10000.0, scaling=None), "concatenated", 4, 5, None),
    ("GPT-J 6B: interleaved, rotary_dim 64 of 256", GPTJ_6B, "interleaved", 2, 30, None),
    ("GPT-NeoX 20B: concatenated, 24 of 96", NEOX_20B, "concatenated", 3, 2040, None),
    ("Pythia: interleaved partial", PYTHIA_160M, "interleaved", 3, [1, 0, 9], None),
    ("Llama 3.1 8B at positions", LLAMA31_8B, "concatenated", 4, [0, 7, 3, 100000], None),
    ("Llama 3.1 8B interleaved (Meta's layout)", LLAMA31_8B, "interleaved", 2, [131071, 8191], None),
    ("Qwen2.5 yarn from 40000", QWEN25_YARN, "concatenated", 3, 40000, None),
    ("DeepSeek-V2 yarn interleaved", DEEPSEEK_V2, "interleaved", 2, [163839, 12], None),
    ("yarn with attention factor 1.5", dict(QWEN25_YARN, scaling=dict(QWEN25_YARN["scaling"], attention_factor=1.5)), "interleaved", 2, 3, None),
    ("dynamic: default length = largest position + 1", DYNAMIC_2, "concatenated", 3, [0, 5000, 9999], None),
    ("dynamic: given length", DYNAMIC_2, "interleaved", 2, 100, 6000),
    ("dynamic below the original length", DYNAMIC_2, "interleaved", 2, 10, None),
    ("linear at start 1 000 000", LINEAR_8, "interleaved", 2, 1000000, None),
    ("default at 2^24 - 1", dict(headDim=8, base=10000.0, scaling=None), "concatenated", 1, 16777215, None),
]


def inv_and_attention(model, length, dtype):
    dim = model.get("rotaryDims", model["headDim"])
    return rope_parameters(model["scaling"], model["base"], dim, length, dtype)


def frequencies():
    cases = []
    for name, model, length in FREQUENCY_CASES:
        inv64, attention = inv_and_attention(model, length, torch.float64)
        inv32, attention32 = inv_and_attention(model, length, torch.float32)
        assert attention == attention32
        cases.append(dict(name=name, **options(model, length), frequencies=inv64.tolist(),
                          frequencies32=float32s(inv32), attentionFactor=attention))
    return cases


def options(model, length):
    o = dict(headDim=model["headDim"], base=model["base"], scaling=model["scaling"])
    if "rotaryDims" in model:
        o["rotaryDims"] = model["rotaryDims"]
    if length is not None:
        o["length"] = length
    return o


def rotations():
    generator = torch.Generator().manual_seed(12)
    cases = []
    for name, model, layout, rows, where, length in ROTATION_CASES:
        cols = model["headDim"]
        rotary = model.get("rotaryDims", cols)
        positions = torch.tensor(where if isinstance(where, list) else range(where, where + rows), dtype=torch.int64)
        # float32 inputs, so float32 and float64 computations start from the same numbers
        x32 = (torch.rand(rows, cols, generator=generator, dtype=torch.float32) * 4 - 2)
        x64 = x32.to(torch.float64)
        seq_len = length if length is not None else int(positions.max()) + 1  # dynamic_rope_update
        apply = concatenated if layout == "concatenated" else interleaved
        outs = {}
        for dtype, x in ((torch.float64, x64), (torch.float32, x32)):
            inv, attention = inv_and_attention(model, seq_len, dtype)
            outs[dtype] = apply(x, inv, positions, attention, rotary, dtype)
            if dtype == torch.float64 and layout == "interleaved":
                meta = torch.cat((meta_llama(x[:, :rotary], inv, positions, attention), x[:, rotary:]), dim=-1)
                assert torch.allclose(meta, outs[dtype], rtol=1e-14, atol=1e-14), name
        case = dict(name=name, **options(model, length), layout=layout, rows=rows, cols=cols)
        case.pop("headDim")
        if isinstance(where, list):
            case["positions"] = where
        else:
            case["start"] = where
        case.update(data=float32s(x32), expected=outs[torch.float64].flatten().tolist(),
                    expected32=float32s(outs[torch.float32]))
        cases.append(case)
    return cases


def float32s(tensor):
    """float32 values in their shortest form (read back through Math.fround / float)."""
    return [float(repr(v)) for v in tensor.flatten().numpy().astype(numpy.float32)]


def write(name, cases):
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        json.dump({"generatedBy": "scripts/golden/rope.py",
                   "note": "data, expected32, frequencies32: float32 values in shortest form",
                   "cases": cases}, f, separators=(",", ":"))
        f.write("\n")
    print(path, os.path.getsize(path), "bytes,", len(cases), "cases")


if __name__ == "__main__":
    write("rope-frequencies.json", frequencies())
    write("rope-rotations.json", rotations())
