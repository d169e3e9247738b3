"""Reference values for dtype 'float32' of pe.ropeFrequencies / pe.ropeFromConfig (tests/golden/rope-float32.json):
transformers' own torch code run in float32 on the CPU, with Debian's torch. Run: /usr/bin/python3 scripts/golden/rope_float32.py
(python3-torch 1.13.1+dfsg-4 and python3-numpy; `python3` on a PATH with pyenv first may have no torch).

What it runs, for every model of the page's gallery (js/story/models.js, from tests/fixtures/configs) and every layer kind
that rotates: the config is loaded by scripts/golden/rope_configs.py (imported: its re-enactment of AutoConfig and
RotaryEmbeddingConfigMixin at transformers decba1d2), then the rotary embedding's init function is called as the model's
XxxRotaryEmbedding.__init__ calls it, in torch: the model's compute_default_rope_parameters for "default", else
ROPE_INIT_FUNCTIONS[rope_type] (the torch functions below, copied verbatim). Recorded per kind: inv_freq (bits),
the unscaled default inv_freq over the same rotary dimensions and base (bits), attention_scaling (a Python float).
Past the original length, what dynamic_rope_update (copied verbatim) leaves in the rotary embedding's inv_freq after a
forward at that length: longrope (long factors) for the LongRoPE models, and dynamic at two lengths for
tests/fixtures/configs/edge/qwen2-dynamic.json (not in the gallery: no gallery model is dynamic). Then a sample of
dynamic scalings at many lengths ('dynamic'), and of pow itself, base ** (torch.arange(0, dim, 2, dtype=torch.int64)
.float() / dim), over bases and dimensions ('pow'), so the emulation is tested beyond the gallery.

Bits are the float32's 32-bit pattern in hex ("3f800000" = 1.0); the pow sample concatenates them per dimension.

The torch that ran (printed and stored in 'torch'): torch.__version__ 1.13.0a0 (Debian's 1.13.1+dfsg-4), CPU capability
AVX2 (torch.__config__.show(); the CPU has AVX-512 too, which torch 1.13 does not pick by default), linked to Debian's
libsleef 3.5.1 (libsleef.so.3) and glibc 2.36. Its float32 pow: cpu_kernel_vec runs blocks of 16 values through
Sleef_powf8_u10 (AVX2 + FMA) and the n mod 16 left through glibc's powf (__powf_fma); src/torch_pow.cpp ports both.

Another torch build may differ in the last bit: another CPU capability (ATEN_CPU_CAPABILITY=default: glibc's powf for
every value; avx512: Sleef_powf16_u10avx512f, whose log uses getexp/getmant), a CPU without FMA (glibc's __powf_sse2),
another Sleef (PyPI wheels build torch's pinned third_party/sleef), another libm, or a GPU (CUDA's powf; not measured
here: no GPU). This script reruns itself under ATEN_CPU_CAPABILITY=default and =avx512 and stores how many values
differ and by how much in 'otherCapabilities' (docs/rope.md quotes them).

CI never runs this: tests/js/rope-float32.test.js reads the JSON. Rerun after changing a fixture or the gallery.
"""
import json
import math
import os
import re
import subprocess
import sys
from functools import wraps
from typing import Optional

import numpy
import torch
from torch import nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rope_configs as rc  # noqa: E402  (the config loading: AutoConfig, the config classes, standardize_rope_params)

ROOT = rc.ROOT
CONFIGS = rc.CONFIGS
GALLERY = os.path.join(ROOT, "js", "story", "models.js")
OUT = os.path.join(ROOT, "tests", "golden", "rope-float32.json")

# transformers v5 cannot load this gallery file (legacy "su": rope_configs.py's NOTES); posenc reads it as longrope.
# Its values here are transformers' functions on the same file with rope_scaling.type "longrope".
READ_AS_LONGROPE = "phi-3-mini-128k-instruct.json"
DYNAMIC_FILE = "edge/qwen2-dynamic.json"


# --- the torch code -------------------------------------------------------------------------------------------------

class _PerLayerConfigView:
    # Stand-in for integrations/heterogeneity/configuration_utils.py @ decba1d2 (_PerLayerConfigView): for a homogeneous
    # config, per_layer_config[layer_type] is the config itself (rope_configs.py's per_layer shim, here as the attribute
    # the verbatim torch functions read).
    def __init__(self, config):
        self._config = config

    def __getitem__(self, layer_type):
        return self._config


rc.PreTrainedConfig.per_layer_config = property(_PerLayerConfigView)
PreTrainedConfig = rc.PreTrainedConfig  # the name in the copied annotations (transformers: under TYPE_CHECKING)

# --- copied: src/transformers/modeling_rope_utils.py @ decba1d2 (dynamic_rope_update and the _compute_* functions of
# ROPE_INIT_FUNCTIONS), docstrings dropped, nothing else changed.

def dynamic_rope_update(rope_forward):

    def longrope_frequency_update(self, position_ids, device, layer_type=None):
        seq_len = torch.max(position_ids) + 1

        if layer_type is None:
            rope_type = self.rope_type
            original_inv_freq = self.original_inv_freq
            prefix = ""
            original_max_position_embeddings = self.config.rope_parameters["original_max_position_embeddings"]
        else:
            rope_type = self.rope_type[layer_type]
            original_inv_freq = getattr(self, f"{layer_type}_original_inv_freq")
            prefix = f"{layer_type}_"
            original_max_position_embeddings = self.config.rope_parameters[layer_type][
                "original_max_position_embeddings"
            ]

        if seq_len > original_max_position_embeddings:
            if not hasattr(self, f"{layer_type}_long_inv_freq"):
                rope_init_fn = ROPE_INIT_FUNCTIONS[rope_type]
                long_inv_freq, _ = rope_init_fn(
                    self.config,
                    device,
                    seq_len=original_max_position_embeddings + 1,
                    layer_type=layer_type,
                )
            self.register_buffer(f"{prefix}inv_freq", long_inv_freq, persistent=False)
            setattr(self, f"{prefix}long_inv_freq", long_inv_freq)
        else:
            # This .to() is needed if the model has been moved to a device after being initialized (because
            # the buffer is automatically moved, but not the original copy)
            original_inv_freq = original_inv_freq.to(device)
            self.register_buffer(f"{prefix}inv_freq", original_inv_freq, persistent=False)
            setattr(self, f"{prefix}original_inv_freq", original_inv_freq)

    def dynamic_frequency_update(self, position_ids, device, layer_type=None):
        seq_len = torch.max(position_ids) + 1
        if layer_type is None:
            rope_type = self.rope_type
            max_seq_len_cached = self.max_seq_len_cached
            original_inv_freq = self.original_inv_freq
            prefix = ""
        else:
            rope_type = self.rope_type[layer_type]
            max_seq_len_cached = getattr(self, f"{layer_type}_max_seq_len_cached", self.max_seq_len_cached)
            original_inv_freq = getattr(self, f"{layer_type}_original_inv_freq")
            prefix = f"{layer_type}_"

        if seq_len > max_seq_len_cached:  # growth
            rope_init_fn = ROPE_INIT_FUNCTIONS[rope_type]
            inv_freq, self.attention_scaling = rope_init_fn(
                self.config,
                device,
                seq_len=seq_len,
                layer_type=layer_type,
            )
            # TODO joao: may break with compilation
            self.register_buffer(f"{prefix}inv_freq", inv_freq, persistent=False)
            setattr(self, f"{prefix}max_seq_len_cached", seq_len)

        if seq_len < self.original_max_seq_len and max_seq_len_cached > self.original_max_seq_len:  # reset
            # This .to() is needed if the model has been moved to a device after being initialized (because
            # the buffer is automatically moved, but not the original copy)
            original_inv_freq = original_inv_freq.to(device)
            self.register_buffer(f"{prefix}inv_freq", original_inv_freq, persistent=False)
            setattr(self, f"{prefix}original_inv_freq", original_inv_freq)
            setattr(self, f"{prefix}max_seq_len_cached", self.original_max_seq_len)

    @wraps(rope_forward)
    def wrapper(self, x, position_ids, layer_type=None):
        rope_type = self.rope_type if layer_type is None else self.rope_type[layer_type]
        kwargs = {"layer_type": layer_type} if layer_type is not None else {}
        if "dynamic" in rope_type:
            dynamic_frequency_update(self, position_ids, device=x.device, **kwargs)
        elif rope_type == "longrope":
            longrope_frequency_update(self, position_ids, device=x.device, **kwargs)
        return rope_forward(self, x, position_ids, **kwargs)

    return wrapper


def _compute_linear_scaling_rope_parameters(
    config: Optional["PreTrainedConfig"] = None,
    device: Optional["torch.device"] = None,
    seq_len: int | None = None,
    layer_type: str | None = None,
) -> tuple["torch.Tensor", float]:
    # Sloppy workaround for per-layer-config in gemma4 family which raises error for other models (DS4)
    try:
        config = config.per_layer_config[layer_type] if layer_type is not None else config
    except ValueError:
        pass

    # For backward compatibility standardize the `rope_parameters_dict` if it uses old format
    config.standardize_rope_params()
    rope_parameters_dict = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    factor = rope_parameters_dict["factor"]

    # Gets the default RoPE parameters
    base = rope_parameters_dict["rope_theta"]
    partial_rotary_factor = rope_parameters_dict.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    dim = int(head_dim * partial_rotary_factor)
    attention_factor = 1.0  # Unused in this type of RoPE

    # Compute the inverse frequencies
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(device=device, dtype=torch.float) / dim))

    # Then applies linear scaling to the frequencies.
    # NOTE: originally, scaling was applied to the position_ids. However, we get `embs = inv_freq @ position_ids`, so
    # applying scaling to the inverse frequencies is equivalent.
    inv_freq /= factor
    return inv_freq, attention_factor


def _compute_dynamic_ntk_parameters(
    config: Optional["PreTrainedConfig"] = None,
    device: Optional["torch.device"] = None,
    seq_len: int | None = None,
    layer_type: str | None = None,
) -> tuple["torch.Tensor", float]:
    # Sloppy workaround for per-layer-config in gemma4 family which raises error for other models (DS4)
    try:
        config = config.per_layer_config[layer_type] if layer_type is not None else config
    except ValueError:
        pass

    # For backward compatibility standardize the `rope_parameters_dict` if it uses old format
    config.standardize_rope_params()
    rope_parameters_dict = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters

    base = rope_parameters_dict["rope_theta"]
    partial_rotary_factor = rope_parameters_dict.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)
    dim = int(head_dim * partial_rotary_factor)
    factor = rope_parameters_dict["factor"]
    attention_factor = 1.0  # Unused in this type of RoPE

    # seq_len: default to max_position_embeddings, e.g. at init time
    if seq_len is None:
        seq_len = config.max_position_embeddings
    elif isinstance(seq_len, torch.Tensor):
        seq_len = torch.maximum(
            seq_len,
            torch.tensor(config.max_position_embeddings, dtype=seq_len.dtype, device=seq_len.device),
        )
    else:
        seq_len = max(seq_len, config.max_position_embeddings)

    # Compute the inverse frequencies
    base = base * ((factor * seq_len / config.max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(device=device, dtype=torch.float) / dim))
    return inv_freq, attention_factor


def _compute_yarn_parameters(
    config: "PreTrainedConfig",
    device: Optional["torch.device"] = None,
    seq_len: int | None = None,
    layer_type: str | None = None,
) -> tuple["torch.Tensor", float]:
    # Sloppy workaround for per-layer-config in gemma4 family which raises error for other models (DS4)
    try:
        config = config.per_layer_config[layer_type] if layer_type is not None else config
    except ValueError:
        pass

    # For backward compatibility standardize the `rope_parameters_dict` if it uses old format
    config.standardize_rope_params()
    rope_parameters_dict = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters

    base = rope_parameters_dict["rope_theta"]
    partial_rotary_factor = rope_parameters_dict.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)
    dim = int(head_dim * partial_rotary_factor)

    factor = rope_parameters_dict["factor"]
    attention_factor = rope_parameters_dict.get("attention_factor")
    mscale = rope_parameters_dict.get("mscale")
    mscale_all_dim = rope_parameters_dict.get("mscale_all_dim")
    original_max_position_embeddings = rope_parameters_dict["original_max_position_embeddings"]

    # NOTE: DeepSeek-V3 (and potentially other models) have `original_max_position_embeddings` field
    # containing the pretrained value. They use the ratio between `max_position_embeddings` and this value
    # to compute the default attention scaling factor, instead of using `factor`.
    if factor is None:
        factor = config.max_position_embeddings / original_max_position_embeddings

    def get_mscale(scale, mscale=1):
        if scale <= 1:
            return 1.0
        return 0.1 * mscale * math.log(scale) + 1.0

    # Sets the attention factor as suggested in the paper
    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = get_mscale(factor)

    # Optional config options
    # beta_fast/beta_slow: as suggested in the paper, default to 32/1 (correspondingly)
    beta_fast = rope_parameters_dict.get("beta_fast") or 32
    beta_slow = rope_parameters_dict.get("beta_slow") or 1

    # Compute the inverse frequencies
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

        linear_func = (torch.arange(dim, dtype=torch.float32) - min) / (max - min)
        ramp_func = torch.clamp(linear_func, 0, 1)
        return ramp_func

    # Note on variable naming: "interpolation" comes from the original technique, where we interpolate the position IDs
    # to expand the possible context length. In other words, interpolation = apply scaling factor.
    pos_freqs = base ** (torch.arange(0, dim, 2).to(device=device, dtype=torch.float) / dim)
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)

    truncate = config.rope_parameters.get("truncate", True)
    low, high = find_correction_range(beta_fast, beta_slow, dim, base, original_max_position_embeddings, truncate)

    # Get n-dimensional rotational scaling corrected for extrapolation
    inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2).to(device=device, dtype=torch.float)
    inv_freq = (
        inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
        + inv_freq_extrapolation * inv_freq_extrapolation_factor
    )
    return inv_freq, attention_factor


def _compute_longrope_parameters(
    config: "PreTrainedConfig",
    device: Optional["torch.device"] = None,
    seq_len: int | None = None,
    layer_type: str | None = None,
) -> tuple["torch.Tensor", float]:
    # Sloppy workaround for per-layer-config in gemma4 family which raises error for other models (DS4)
    try:
        config = config.per_layer_config[layer_type] if layer_type is not None else config
    except ValueError:
        pass

    # For backward compatibility standardize the `rope_parameters_dict` if it uses old format
    config.standardize_rope_params()
    rope_parameters_dict = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters

    base = rope_parameters_dict["rope_theta"]
    partial_rotary_factor = rope_parameters_dict.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", config.hidden_size // config.num_attention_heads)
    dim = int(head_dim * partial_rotary_factor)

    long_factor = rope_parameters_dict["long_factor"]
    short_factor = rope_parameters_dict["short_factor"]
    factor = rope_parameters_dict.get("factor")
    attention_factor = rope_parameters_dict.get("attention_factor")
    original_max_position_embeddings = rope_parameters_dict["original_max_position_embeddings"]

    # NOTE: Phi3 (and potentially other models) modify `max_position_embeddings` and have a
    # `original_max_position_embeddings` field containing the pretrained value. They use the ratio between these two
    # values to compute the default attention scaling factor, instead of using `factor`.
    if factor is None:
        factor = config.max_position_embeddings / original_max_position_embeddings

    # Sets the attention factor as suggested in the paper
    if attention_factor is None:
        if factor <= 1.0:
            attention_factor = 1.0
        else:
            attention_factor = math.sqrt(1 + math.log(factor) / math.log(original_max_position_embeddings))

    # Compute the inverse frequencies -- scaled based on the target sequence length
    if seq_len and seq_len > original_max_position_embeddings:
        ext_factors = torch.tensor(long_factor, dtype=torch.float32, device=device)
    else:
        ext_factors = torch.tensor(short_factor, dtype=torch.float32, device=device)
    inv_freq_shape = torch.arange(0, dim, 2, dtype=torch.int64, device=device).float() / dim
    inv_freq = 1.0 / (ext_factors * base**inv_freq_shape)

    return inv_freq, attention_factor


def _compute_llama3_parameters(
    config: "PreTrainedConfig",
    device: Optional["torch.device"] = None,
    seq_len: int | None = None,
    layer_type: str | None = None,
) -> tuple["torch.Tensor", float]:
    # Sloppy workaround for per-layer-config in gemma4 family which raises error for other models (DS4)
    try:
        config = config.per_layer_config[layer_type] if layer_type is not None else config
    except ValueError:
        pass

    # For backward compatibility standardize the `rope_parameters_dict` if it uses old format
    config.standardize_rope_params()
    rope_parameters_dict = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters

    # Gets the default RoPE parameters
    base = rope_parameters_dict["rope_theta"]
    partial_rotary_factor = rope_parameters_dict.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    dim = int(head_dim * partial_rotary_factor)
    attention_factor = 1.0  # Unused in this type of RoPE

    # Compute the inverse frequencies
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(device=device, dtype=torch.float) / dim))

    factor = rope_parameters_dict["factor"]  # `8` in the original implementation
    low_freq_factor = rope_parameters_dict["low_freq_factor"]  # `1` in the original implementation
    high_freq_factor = rope_parameters_dict["high_freq_factor"]  # `4` in the original implementation
    old_context_len = rope_parameters_dict["original_max_position_embeddings"]  # `8192` in the original implementation

    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor

    wavelen = 2 * math.pi / inv_freq
    # wavelen < high_freq_wavelen: do nothing
    # wavelen > low_freq_wavelen: divide by factor
    inv_freq_llama = torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    # otherwise: interpolate between the two, using a smooth factor
    smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    inv_freq_llama = torch.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama)

    return inv_freq_llama, attention_factor

ROPE_INIT_FUNCTIONS = {
    "linear": _compute_linear_scaling_rope_parameters,
    "dynamic": _compute_dynamic_ntk_parameters,
    "yarn": _compute_yarn_parameters,
    "longrope": _compute_longrope_parameters,
    "llama3": _compute_llama3_parameters,
}


# copied: models/llama/modeling_llama.py @ decba1d2 (LlamaRotaryEmbedding.compute_default_rope_parameters), docstring
# and decorators (@staticmethod, @deprecate_kwarg) dropped; the same text in mistral, qwen2, qwen2_5_vl, qwen3, gemma2,
# deepseek_v3, gpt_oss, falcon, olmo2 and cohere2.
def llama_compute_default_rope_parameters(config, device=None, **kwargs) -> tuple[torch.Tensor, float]:
    base = config.rope_parameters["rope_theta"]
    dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads

    attention_factor = 1.0  # Unused in this type of RoPE
    # Compute the inverse frequencies
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float) / dim))
    return inv_freq.to(device), attention_factor


# copied: models/gemma3/modeling_gemma3.py @ decba1d2 (Gemma3RotaryEmbedding.compute_default_rope_parameters), the same
# edits; the same text in modernbert and olmo3.
def gemma3_compute_default_rope_parameters(
    config, device=None, layer_type: str | None = None, **kwargs
) -> tuple[torch.Tensor, float]:
    # For backward compatibility standardize the `rope_parameters_dict` if it uses old format
    base = config.rope_parameters[layer_type]["rope_theta"]
    dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads

    attention_factor = 1.0  # Unused in this type of RoPE
    # Compute the inverse frequencies
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float) / dim))
    return inv_freq.to(device), attention_factor


# copied: models/phi3/modeling_phi3.py @ decba1d2 (Phi3RotaryEmbedding.compute_default_rope_parameters), the same edits;
# the same text in phi and gpt_neox.
def phi3_compute_default_rope_parameters(config, device=None, **kwargs) -> tuple[torch.Tensor, float]:
    base = config.rope_parameters["rope_theta"]
    partial_rotary_factor = config.rope_parameters.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    dim = int(head_dim * partial_rotary_factor)

    attention_factor = 1.0  # Unused in this type of RoPE
    # Compute the inverse frequencies
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float) / dim))
    return inv_freq.to(device), attention_factor


def gptj_inv_freq(dim):
    # copied: models/gptj/modeling_gptj.py @ decba1d2 (create_sinusoidal_positions, its first line; dim = rotary_dim or
    # n_embd as GPTJAttention.__init__ passes it)
    inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2, dtype=torch.int64) / dim))
    return inv_freq


def default_inv_freq(base, dim):
    # The unscaled frequencies over the same dimensions and base: the first line of every _compute_* function above.
    return 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(dtype=torch.float) / dim))


def init_fn(config, rope_type, layer_type=None):
    # XxxRotaryEmbedding.__init__: the model's compute_default_rope_parameters for "default", else
    # ROPE_INIT_FUNCTIONS[rope_type] (rope_configs.init_fn, torch's functions)
    if rope_type != "default":
        return ROPE_INIT_FUNCTIONS[rope_type]
    if config.ROTARY == "partial":
        return phi3_compute_default_rope_parameters
    return gemma3_compute_default_rope_parameters if layer_type is not None else llama_compute_default_rope_parameters


class RotaryEmbedding(nn.Module):
    # copied: models/llama/modeling_llama.py @ decba1d2 (LlamaRotaryEmbedding), changed: nn.Buffer(x, persistent=False)
    # -> register_buffer (torch 1.13 has no nn.Buffer); the default init function from init_fn (the model's own); the
    # @deprecate_kwarg decorator dropped; forward's body dropped: only what @dynamic_rope_update leaves in inv_freq is
    # read.
    def __init__(self, config, device=None):
        super().__init__()
        self.max_seq_len_cached = config.max_position_embeddings
        self.original_max_seq_len = config.max_position_embeddings

        self.config = config

        self.rope_type = self.config.rope_parameters["rope_type"]
        rope_init_fn = init_fn(config, "default")
        if self.rope_type != "default":
            rope_init_fn = ROPE_INIT_FUNCTIONS[self.rope_type]
        inv_freq, self.attention_scaling = rope_init_fn(self.config, device)

        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.register_buffer("original_inv_freq", inv_freq.clone(), persistent=False)

    @torch.no_grad()
    @dynamic_rope_update  # power user: used with advanced RoPE types (e.g. dynamic rope)
    def forward(self, x, position_ids):
        return None


def after_forward(config, length):
    """The rotary embedding's inv_freq and attention_scaling after a forward over positions 0 .. length - 1."""
    rotary = RotaryEmbedding(config)
    rotary(torch.zeros(1), torch.arange(length, dtype=torch.int64)[None, :])
    return rotary.inv_freq, rotary.attention_scaling


# --- records ------------------------------------------------------------------------------------------------------

def bits(tensor):
    array = tensor.detach().numpy()
    assert array.dtype == numpy.float32, array.dtype
    return [f"{int(b):08x}" for b in array.view(numpy.uint32)]


def packed(tensor):
    return "".join(bits(tensor))


def kind_record(config, rope_type, base, inv_freq, attention_scaling):
    dim = len(inv_freq) * 2
    return dict(rope_type=rope_type, rope_theta=base, rotary_dims=dim, inv_freq=bits(inv_freq),
                default_inv_freq=bits(default_inv_freq(base, dim)), attention_scaling=attention_scaling)


def at_lengths(config, rope_type):
    """dynamic_rope_update at lengths past (and one below) the threshold; None for the other types."""
    params = config.rope_parameters
    if rope_type == "dynamic":
        mpe = config.max_position_embeddings
        lengths = [mpe // 2, 2 * mpe, 3 * mpe + 12345]
    elif rope_type == "longrope":
        original = params["original_max_position_embeddings"]
        lengths = [original, 2 * original]
    else:
        return None
    out = []
    for length in lengths:
        inv_freq, attention_scaling = after_forward(config, length)
        out.append(dict(length=length, inv_freq=bits(inv_freq), attention_scaling=attention_scaling))
    return out


def rotary_kinds(config):
    """{layer kind: record or None (no RoPE)}, as the model's rotary embedding(s) hold them after __init__
    (rope_configs.build_rotary with torch)."""
    layer_types = getattr(config, "layer_types", None)
    kinds = list(dict.fromkeys(layer_types)) if layer_types is not None else ["full_attention"]
    out = {}
    if config.ROTARY == "gptj":
        dim = config.rotary_dim or config.n_embd
        out["full_attention"] = kind_record(config, "default", 10000, gptj_inv_freq(dim), 1.0)
        return out
    if config.ROTARY == "per_layer_type":
        # Gemma3RotaryEmbedding / ModernBertRotaryEmbedding / Olmo3RotaryEmbedding.__init__
        for layer_type in kinds:
            params = config.rope_parameters[layer_type]
            if params is None:
                out[layer_type] = None
                continue
            rope_type = params["rope_type"]
            assert rope_type not in ("dynamic", "longrope"), "per-layer-type models: no length update here"
            inv_freq, attention_scaling = init_fn(config, rope_type, layer_type)(config, layer_type=layer_type)
            out[layer_type] = kind_record(config, rope_type, params["rope_theta"], inv_freq, attention_scaling)
        return out
    rope_type = config.rope_parameters["rope_type"]
    inv_freq, attention_scaling = init_fn(config, rope_type)(config)
    shared = kind_record(config, rope_type, config.rope_parameters["rope_theta"], inv_freq, attention_scaling)
    lengths = at_lengths(config, rope_type)
    if lengths:
        shared["at_length"] = lengths
    for kind in kinds:
        out[kind] = None if kind in config.NOPE_LAYER_TYPES else shared
    return out


def gallery():
    """The gallery's config files, in menu order: the keys of js/story/models.js (scripts/models.js's MENU)."""
    with open(GALLERY) as f:
        keys = re.findall(r'^  "([^"]+)": \{$', f.read(), flags=re.M)
    assert len(keys) == 25, keys
    return keys


def load(file, patch=None):
    with open(os.path.join(CONFIGS, file)) as f:
        config_dict = json.load(f)
    if patch:
        patch(config_dict)
    record, text = rc.load(config_dict)
    assert "error" not in record, (file, record["error"])
    return text


def su_as_longrope(config_dict):
    config_dict["rope_scaling"]["type"] = "longrope"


def model_records():
    models = {}
    for key in gallery():
        file = key + ".json"
        entry = dict(file=file)
        if file == READ_AS_LONGROPE:
            entry["note"] = ("transformers v5 cannot load this file (rope_scaling type 'su': rope_configs.py's NOTES); "
                             "these are its functions on the same file with type 'longrope', as posenc reads it")
            text = load(file, su_as_longrope)
        else:
            text = load(file)
        entry["kinds"] = {kind: r for kind, r in rotary_kinds(text).items() if r is not None}
        models[key] = entry
    text = load(DYNAMIC_FILE)
    models[DYNAMIC_FILE] = dict(file=DYNAMIC_FILE, note="not in the gallery: its dynamic scaling at lengths",
                                kinds={k: r for k, r in rotary_kinds(text).items() if r is not None})
    return models


def dynamic_records():
    """Dynamic NTK scalings of a Llama config at lengths past max_position_embeddings (dynamic_rope_update: seq_len
    an int64 tensor). factor 2 (a JSON integer) and 2.0 give the same values below 2^24 positions."""
    bases, factors = [10000.0, 500000.0, 1000000.0], [2, 2.0, 4.0, 1.5, 8.0]
    lengths, dims = [2048, 4096, 32768, 131072], [64, 80, 96, 128, 6]
    out = []
    for n in range(16):  # each list cycled: every value of each, in 16 combinations
        base, factor, mpe, dim = bases[n % 3], factors[n % 5], lengths[n % 4], dims[n % 5]
        config = rc.auto_config(dict(model_type="llama", hidden_size=dim * 4, num_attention_heads=4, head_dim=dim,
                                     num_hidden_layers=1, max_position_embeddings=mpe, rope_theta=base,
                                     rope_scaling=dict(rope_type="dynamic", factor=factor)), rc.Log())
        for length in (mpe + 1, 2 * mpe, 5 * mpe - 3):
            inv_freq, attention_scaling = after_forward(config, length)
            out.append(dict(base=base, factor=factor, max_position_embeddings=mpe, dim=dim, length=length,
                            inv_freq=bits(inv_freq)))
    return out


POW_BASES = [10000.0, 500000.0, 1000000.0, 150000.0, 160000.0, 50000.0, 250000.0, 10000000.0]
POW_DIMS = list(range(16, 257, 10)) + [384, 512]


def pow_records():
    """base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim), each dimension's values concatenated."""
    return {repr(base): {str(dim): packed(base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
                         for dim in POW_DIMS} for base in POW_BASES}


def compute():
    return dict(models=model_records(), dynamic=dynamic_records(), pow=pow_records())


# --- other torch builds -----------------------------------------------------------------------------------------

def capability():
    lines = [line for line in torch.__config__.show().splitlines() if "CPU capability usage" in line]
    return lines[0].split(":", 1)[1].strip()


def flat(record):
    """{(where, ...): [hex, ...]} for every float32 of a compute() result."""
    out = {}
    for key, model in record["models"].items():
        for kind, r in model["kinds"].items():
            out[(key, kind, "inv_freq")] = r["inv_freq"]
            out[(key, kind, "default_inv_freq")] = r["default_inv_freq"]
            for a in r.get("at_length", []):
                out[(key, kind, f"at length {a['length']}")] = a["inv_freq"]
    for i, d in enumerate(record["dynamic"]):
        out[("dynamic", str(i), "inv_freq")] = d["inv_freq"]
    for base, dims in record["pow"].items():
        for dim, s in dims.items():
            out[("pow", base, dim)] = [s[j:j + 8] for j in range(0, len(s), 8)]
    return out


def as_float(h):
    return float(numpy.array([int(h, 16)], dtype=numpy.uint32).view(numpy.float32)[0])


def compare(ours, theirs):
    """How the values of another build differ: counts, ulps, and what a changed frequency does to its wavelength
    2 pi / omega (relative, and in positions for the longest wavelength of each model's kind)."""
    a, b = flat(ours), flat(theirs)
    assert a.keys() == b.keys()
    total = differing = 0
    ulps = {}
    worst_relative = 0.0
    moved = dict(positions=0.0)  # the largest change of a gallery wavelength
    for key in a:
        for i, (x, y) in enumerate(zip(a[key], b[key])):
            total += 1
            if x == y:
                continue
            differing += 1
            u = abs(int(x, 16) - int(y, 16))
            ulps[u] = ulps.get(u, 0) + 1
            fx, fy = as_float(x), as_float(y)
            worst_relative = max(worst_relative, abs(fy - fx) / fx)
            if key[0] not in ("pow", "dynamic") and key[2] == "inv_freq":
                positions = abs(2 * math.pi / fy - 2 * math.pi / fx)
                if positions > moved["positions"]:
                    moved = dict(positions=positions, wavelength=2 * math.pi / fx, model=key[0], kind=key[1], pair=i,
                                 of=len(a[key]), ours=x, theirs=y)
    return dict(values=total, differing=differing, ulps={str(k): v for k, v in sorted(ulps.items())},
                maxRelative=worst_relative, wavelengthMoved=moved)


def one_ulp_at_longest(record):
    """What one unit in the last place of inv_freq moves the longest wavelength 2 pi / inv_freq of each gallery model's
    kind by, in positions (the largest of them): its wavelength times ulp / inv_freq."""
    worst = dict(positions=0.0)
    for key, model in record["models"].items():
        for kind, r in model["kinds"].items():
            last = r["inv_freq"][-1]
            f, g = as_float(last), as_float(f"{int(last, 16) + 1:08x}")
            positions = 2 * math.pi / f - 2 * math.pi / g
            if positions > worst["positions"]:
                worst = dict(positions=positions, relative=(g - f) / f, wavelength=2 * math.pi / f, model=key,
                             kind=kind, pair=len(r["inv_freq"]) - 1)
    return worst


def not_correctly_rounded(record):
    """How many pow values differ from float32(the double pow of the float32 operands), i.e. why pow is emulated."""
    total = differing = 0
    for base, dims in record["pow"].items():
        b = float(numpy.float32(float(base)))
        for dim, s in dims.items():
            exponents = (torch.arange(0, int(dim), 2, dtype=torch.int64).float() / int(dim)).numpy()
            for j, e in enumerate(exponents):
                total += 1
                rounded = numpy.array([math.pow(b, float(e))]).astype(numpy.float32).view(numpy.uint32)[0]
                differing += int(rounded) != int(s[8 * j:8 * j + 8], 16)
    return dict(values=total, differing=differing)


def package_version(name):
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True,
                              check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    if sys.argv[1:] == ["--values"]:  # a child run under another ATEN_CPU_CAPABILITY
        json.dump(dict(capability=capability(), values=compute()), sys.stdout)
        return
    assert capability() == "AVX2", f"this file records torch at its AVX2 capability, not {capability()}"
    record = compute()
    others = {}
    for name in ("default", "avx512"):
        env = dict(os.environ, ATEN_CPU_CAPABILITY=name)
        run = subprocess.run([sys.executable, os.path.abspath(__file__), "--values"], env=env, check=True,
                             capture_output=True, text=True)
        child = json.loads(run.stdout)
        others[f"ATEN_CPU_CAPABILITY={name}"] = dict(capability=child["capability"], **compare(record, child["values"]))
    golden = dict(
        about=ABOUT,
        source=f"transformers {rc.COMMIT}",
        generatedBy="scripts/golden/rope_float32.py",
        torch=dict(version=torch.__version__, debianPackage="python3-torch " + package_version("python3-torch"),
                   capability=capability(), sleef="libsleef3 " + package_version("libsleef3"),
                   libc=os.confstr("CS_GNU_LIBC_VERSION"), threads=torch.get_num_threads()),
        otherCapabilities=others,
        oneUlpAtLongestWavelength=one_ulp_at_longest(record),
        powNotCorrectlyRounded=not_correctly_rounded(record),
        **record,
    )
    with open(OUT, "w") as f:
        json.dump(golden, f, separators=(",", ":"))
        f.write("\n")
    kinds = sum(len(m["kinds"]) for m in record["models"].values())
    print(f"{os.path.relpath(OUT, ROOT)}: {len(record['models'])} configs, {kinds} layer kinds, "
          f"{len(record['dynamic'])} dynamic cases, {sum(len(d) for d in record['pow'].values())} pow rows; "
          f"{os.path.getsize(OUT)} bytes")
    print("pow vs float32(double pow):", golden["powNotCorrectlyRounded"])
    print("one ulp at the longest wavelength:", json.dumps(golden["oneUlpAtLongestWavelength"]))
    for name, o in others.items():
        print(name, json.dumps(o))


ABOUT = (
    "transformers' inv_freq in float32, as its torch code computes it on the CPU (commit in 'source', torch build in "
    "'torch'). models: the page's gallery (js/story/models.js keys; file under tests/fixtures/configs) and "
    "edge/qwen2-dynamic.json; per layer kind that rotates: rope_type, rope_theta, rotary_dims, inv_freq (after the "
    "rotary embedding's __init__), default_inv_freq (1.0 / (rope_theta ** (arange(0, rotary_dims, 2) / rotary_dims)), "
    "unscaled), attention_scaling (a Python float), at_length (dynamic and longrope: inv_freq and attention_scaling "
    "after a forward over positions 0 .. length - 1, dynamic_rope_update). dynamic: Llama configs with rope_type "
    "dynamic (base, factor, max_position_embeddings, dim = head_dim) after a forward at 'length'. pow: "
    "base ** (arange(0, dim, 2, dtype=int64).float() / dim) per base and dim, the dim / 2 values' hex concatenated. "
    "Every float32 is the hex of its 32-bit pattern. otherCapabilities: the same run under another "
    "ATEN_CPU_CAPABILITY, compared value by value (ulps: how many values differ by that many units in the last "
    "place; wavelengthMoved: the largest change of a gallery wavelength 2 pi / inv_freq, in positions). "
    "oneUlpAtLongestWavelength: what one ulp of inv_freq moves the longest gallery wavelength by (its last pair). "
    "powNotCorrectlyRounded: pow values that differ from float32(pow in double), which is why posenc replays torch's "
    "own pow (src/torch_pow.cpp)."
)


if __name__ == "__main__":
    main()
