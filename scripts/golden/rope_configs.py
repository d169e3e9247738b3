"""Reference values for ropeFromConfig (tests/golden/rope-configs.json) and the transformers v5 twins of the real
configs (tests/fixtures/configs/v5/*.json), run with Debian's python3: /usr/bin/python3 scripts/golden/rope_configs.py

For every config.json in tests/fixtures/configs this re-enacts what transformers v5 does when it loads the file and
builds the model's rotary embedding(s):
  AutoConfig.from_pretrained  -> CONFIG_MAPPING[model_type].from_dict -> XxxConfig(**config_dict):
      the model's __post_init__ (head_dim, layer_types, composite text_config, GPT-OSS default rope, ...),
      PreTrainedConfig.__post_init__ -> convert_rope_params_to_dict (base or model override) -> standardize_rope_params,
      leftover keys become attributes, then huggingface_hub @strict runs the class validators (validate_architecture,
      validate_layer_type, validate_rope and its warnings; ValueError/TypeError wrapped, KeyError not);
  XxxRotaryEmbedding.__init__ -> compute_default_rope_parameters (per model) or ROPE_INIT_FUNCTIONS[rope_type]
      (each of which calls config.standardize_rope_params() again), once, or once per layer type (Gemma3, ModernBERT,
      OLMo3); dynamic_rope_update at a length for "dynamic" / "longrope".
Everything is float64: transformers computes inv_freq in float32; here every torch.float32 is float64 (numpy) and the
longrope factor lists are used as the JSON doubles (transformers rounds them to float32). Expect ~1e-7 relative
differences against transformers itself, none against a float64 re-implementation.

Source: huggingface/transformers at commit decba1d2ea4ed3cbf0495d1828abad4b2dba1846 (5.16.0.dev0; read from the
git mirror zucchini-nlp/transformers, whose main is upstream main), Apache-2.0. Code copied from it is marked
"copied: <file> @ decba1d2 (<name>)" and changed only where the comment says (torch -> numpy float64, `logger` -> the
per-config warning list, dataclass machinery -> a small stand-in). Also read: transformers
src/transformers/models/auto/configuration_auto.py (AutoConfig.from_pretrained), dynamic_module_utils.py
(resolve_trust_remote_code), huggingface_hub src/huggingface_hub/dataclasses.py and errors.py (@strict,
StrictDataclassClassValidationError). Research notes with the same code verbatim: /work/notes/issue19-transformers.md
(§2 modeling_rope_utils, §3 configuration_utils, §4 rotary embeddings, §5 config classes, §6 warnings, §7 numerics).
Needs numpy only (python3-numpy); torch is not used.

CI only reads the JSON files; rerun this after changing a fixture. It also writes the v5 twins and asserts that each
twin gives exactly the numbers of its legacy file.
"""
import copy
import glob
import json
import math
import os

import numpy

COMMIT = "decba1d2ea4ed3cbf0495d1828abad4b2dba1846"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CONFIGS = os.path.join(ROOT, "tests", "fixtures", "configs")
V5 = os.path.join(CONFIGS, "v5")
# Edge cases: real configs with one key changed (tests/fixtures/configs/edge/README.md), read the
# same way, recorded as 'edge/<name>' (no twins).
EDGE = os.path.join(CONFIGS, "edge")
OUT = os.path.join(ROOT, "tests", "golden", "rope-configs.json")

# Files transformers v5 cannot load (checked below: the script fails if another file errors, or this one does not).
EXPECTED_ERRORS = {"falcon-7b-refinedweb.json", "phi-3-mini-128k-instruct.json"}


# --- logging and errors ---------------------------------------------------------------------------------------

class Log:
    """Stands in for transformers' logger: the messages one fresh process would log for one config, in order.
    warning_once is per process (functools.lru_cache on the message), so it appears once here too."""

    def __init__(self):
        self.messages = []

    def warning(self, message):
        self.messages.append(message)

    def warning_once(self, message):
        if message not in self.messages:
            self.messages.append(message)


class StrictDataclassClassValidationError(ValueError):
    # copied: huggingface_hub src/huggingface_hub/errors.py (StrictDataclassClassValidationError)
    def __init__(self, validator, cause):
        error_message = f"Class validation error for validator '{validator}':"
        error_message += f"\n    {cause.__class__.__name__}: {cause}"
        super().__init__(error_message)


def error_text(exc):
    message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
    return f"{exc.__class__.__name__}: {message}"


# --- float64 stand-ins for the torch expressions ----------------------------------------------------------------

def arange_even(dim):
    # torch.arange(0, dim, 2, dtype=torch.int64).to(dtype=torch.float)  (and torch.arange(0, dim, 2, dtype=torch.float))
    return numpy.arange(0, dim, 2, dtype=numpy.int64).astype(numpy.float64)


# --- modeling_rope_utils.py: ROPE_INIT_FUNCTIONS ---------------------------------------------------------------
# copied: src/transformers/modeling_rope_utils.py @ decba1d2 (the _compute_* functions), docstrings dropped,
# torch float32 -> numpy float64, `device` dropped. The "per_layer_config" shim is kept: for these (homogeneous)
# configs per_layer_config[layer_type] returns the config itself (integrations/heterogeneity/configuration_utils.py,
# _PerLayerConfigView.__getitem__).

def per_layer(config, layer_type):
    return config if layer_type is None else config  # config.per_layer_config[layer_type] of a homogeneous config


def _compute_linear_scaling_rope_parameters(config, seq_len=None, layer_type=None):
    config = per_layer(config, layer_type)
    config.standardize_rope_params()
    rope_parameters_dict = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    factor = rope_parameters_dict["factor"]
    base = rope_parameters_dict["rope_theta"]
    partial_rotary_factor = rope_parameters_dict.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    dim = int(head_dim * partial_rotary_factor)
    attention_factor = 1.0  # Unused in this type of RoPE
    inv_freq = 1.0 / (base ** (arange_even(dim) / dim))
    inv_freq /= factor
    return inv_freq, attention_factor


def _compute_proportional_rope_parameters(config, seq_len=None, layer_type=None, head_dim_key="head_dim"):
    config = per_layer(config, layer_type)
    config.standardize_rope_params()
    rope_parameters_dict = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    head_dim = getattr(config, head_dim_key, None) or config.hidden_size // config.num_attention_heads
    base = rope_parameters_dict["rope_theta"]
    factor = rope_parameters_dict.get("factor", 1.0)
    rope_proportion = rope_parameters_dict.get("partial_rotary_factor", 1.0)
    attention_factor = 1.0  # Unused in this type of RoPE
    rope_angles = int(rope_proportion * head_dim // 2)
    inv_freq_rotated = 1.0 / (base ** (numpy.arange(0, 2 * rope_angles, 2, dtype=numpy.int64) / head_dim))
    nope_angles = head_dim // 2 - rope_angles
    if nope_angles > 0:
        inv_freq = numpy.concatenate((inv_freq_rotated, numpy.zeros(nope_angles, dtype=numpy.float64)))
    else:
        inv_freq = inv_freq_rotated
    inv_freq /= factor
    return inv_freq, attention_factor


def _compute_dynamic_ntk_parameters(config, seq_len=None, layer_type=None):
    config = per_layer(config, layer_type)
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
    else:
        seq_len = max(seq_len, config.max_position_embeddings)
    base = base * ((factor * seq_len / config.max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
    inv_freq = 1.0 / (base ** (arange_even(dim) / dim))
    return inv_freq, attention_factor


def _compute_yarn_parameters(config, seq_len=None, layer_type=None):
    config = per_layer(config, layer_type)
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

    if factor is None:
        factor = config.max_position_embeddings / original_max_position_embeddings

    def get_mscale(scale, mscale=1):
        if scale <= 1:
            return 1.0
        return 0.1 * mscale * math.log(scale) + 1.0

    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = get_mscale(factor)

    beta_fast = rope_parameters_dict.get("beta_fast") or 32
    beta_slow = rope_parameters_dict.get("beta_slow") or 1

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
        linear_func = (numpy.arange(dim, dtype=numpy.float64) - min) / (max - min)
        return numpy.clip(linear_func, 0, 1)

    pos_freqs = base ** (arange_even(dim) / dim)
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)

    # NB: the top-level dict, also for a nested per-layer-type rope_parameters (then always True)
    truncate = config.rope_parameters.get("truncate", True)
    low, high = find_correction_range(beta_fast, beta_slow, dim, base, original_max_position_embeddings, truncate)

    inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2)
    inv_freq = (
        inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
        + inv_freq_extrapolation * inv_freq_extrapolation_factor
    )
    return inv_freq, attention_factor


def _compute_longrope_parameters(config, seq_len=None, layer_type=None):
    config = per_layer(config, layer_type)
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

    if factor is None:
        factor = config.max_position_embeddings / original_max_position_embeddings

    if attention_factor is None:
        if factor <= 1.0:
            attention_factor = 1.0
        else:
            attention_factor = math.sqrt(1 + math.log(factor) / math.log(original_max_position_embeddings))

    # changed: torch.tensor(list, dtype=torch.float32) -> float64 (the JSON doubles as they are)
    if seq_len and seq_len > original_max_position_embeddings:
        ext_factors = numpy.array(long_factor, dtype=numpy.float64)
    else:
        ext_factors = numpy.array(short_factor, dtype=numpy.float64)
    inv_freq_shape = arange_even(dim) / dim
    inv_freq = 1.0 / (ext_factors * base**inv_freq_shape)
    return inv_freq, attention_factor


def _compute_llama3_parameters(config, seq_len=None, layer_type=None):
    config = per_layer(config, layer_type)
    config.standardize_rope_params()
    rope_parameters_dict = config.rope_parameters[layer_type] if layer_type is not None else config.rope_parameters
    base = rope_parameters_dict["rope_theta"]
    partial_rotary_factor = rope_parameters_dict.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    dim = int(head_dim * partial_rotary_factor)
    attention_factor = 1.0  # Unused in this type of RoPE

    inv_freq = 1.0 / (base ** (arange_even(dim) / dim))

    factor = rope_parameters_dict["factor"]  # `8` in the original implementation
    low_freq_factor = rope_parameters_dict["low_freq_factor"]  # `1` in the original implementation
    high_freq_factor = rope_parameters_dict["high_freq_factor"]  # `4` in the original implementation
    old_context_len = rope_parameters_dict["original_max_position_embeddings"]  # `8192` in the original implementation

    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor

    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = numpy.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    with numpy.errstate(divide="ignore", invalid="ignore"):  # high == low: the division by zero is never selected
        smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
        smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    inv_freq_llama = numpy.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama)
    return inv_freq_llama, attention_factor


ROPE_INIT_FUNCTIONS = {
    "linear": _compute_linear_scaling_rope_parameters,
    "dynamic": _compute_dynamic_ntk_parameters,
    "yarn": _compute_yarn_parameters,
    "longrope": _compute_longrope_parameters,
    "llama3": _compute_llama3_parameters,
    "proportional": _compute_proportional_rope_parameters,
}


# --- modeling_rope_utils.py: RotaryEmbeddingConfigMixin ------------------------------------------------------------
# copied: src/transformers/modeling_rope_utils.py @ decba1d2 (RotaryEmbeddingConfigMixin), `logger` -> self._log.

class RotaryEmbeddingConfigMixin:
    default_theta = 10_000.0
    ignore_keys_at_rope_validation = set()

    def convert_rope_params_to_dict(self, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}

        rope_theta = kwargs.pop("rope_theta", getattr(self, "rope_theta", self.default_theta))
        self.rope_parameters.setdefault("rope_theta", rope_theta)

        partial_rotary_factor = kwargs.get("partial_rotary_factor", getattr(self, "partial_rotary_factor", None))
        if partial_rotary_factor is not None:
            self.rope_parameters.setdefault("partial_rotary_factor", partial_rotary_factor)
            self.ignore_keys_at_rope_validation = set(self.ignore_keys_at_rope_validation or []) | {
                "partial_rotary_factor"
            }

        self.standardize_rope_params()
        return kwargs

    def standardize_rope_params(self):
        rope_theta = getattr(self, "rope_theta", None)
        partial_rotary_factor = getattr(self, "partial_rotary_factor", None)
        rope_parameters = getattr(self, "rope_parameters", None) or {}

        layer_types = getattr(self, "_rope_type_labels", getattr(self, "layer_types", None))

        # Case 0: no RoPE params defined
        if not (rope_parameters or rope_theta):
            self._log.warning("`standardize_rope_params` was called but no RoPE parameters were found.")
            return
        # Case 1: RoPE param keys do not intersect with possible `layer_types` -> one global dict
        elif layer_types is None or rope_parameters == {} or not set(rope_parameters.keys()).issubset(layer_types):
            rope_parameters.setdefault("rope_type", rope_parameters.get("type", "default"))
            rope_parameters.setdefault("rope_theta", rope_theta)
            if partial_rotary_factor is not None:
                rope_parameters["partial_rotary_factor"] = partial_rotary_factor

            if rope_parameters["rope_type"] in ["llama3", "yarn", "longrope"]:
                if hasattr(self, "original_max_position_embeddings"):
                    self.rope_parameters["original_max_position_embeddings"] = self.original_max_position_embeddings
                else:
                    self.rope_parameters.setdefault("original_max_position_embeddings", self.max_position_embeddings)

        # Case 2: different RoPE for each layer -> several params as nested dict
        else:
            for layer_type in set(layer_types):
                if rope_parameters[layer_type] is None:
                    continue
                rope_parameters[layer_type].setdefault("rope_type", rope_parameters[layer_type].get("type", "default"))
                rope_parameters[layer_type].setdefault("rope_theta", rope_theta)
                if partial_rotary_factor is not None:
                    rope_parameters[layer_type]["partial_rotary_factor"] = partial_rotary_factor

                if rope_parameters[layer_type]["rope_type"] in ["llama3", "yarn", "longrope"]:
                    self.rope_parameters[layer_type].setdefault(
                        "original_max_position_embeddings", self.max_position_embeddings
                    )

        self.rope_parameters = rope_parameters

    def validate_rope(self):
        rope_parameters_dict = getattr(self, "rope_parameters", None)
        if not rope_parameters_dict:
            return

        if getattr(self, "layer_types", None) is not None and set(rope_parameters_dict.keys()).issubset(
            self.layer_types
        ):
            pass
        else:
            rope_parameters_dict = {"full_attention": rope_parameters_dict}

        for rope_parameters in rope_parameters_dict.values():
            if rope_parameters is None:
                continue
            rope_type = rope_parameters.get("rope_type", rope_parameters.get("type", "default"))
            validation_fn = getattr(self, f"_validate_{rope_type}_rope_parameters", None)
            rope_parameters["rope_type"] = rope_type

            if validation_fn is not None:
                validation_fn(rope_parameters, ignore_keys=self.ignore_keys_at_rope_validation)
            else:
                self._log.warning(
                    f"Missing validation function in 'RotaryEmbeddingConfigMixin' for 'rope_type'='{rope_type}'"
                )

    def _validate_default_rope_parameters(self, rope_parameters, ignore_keys=None):
        required_keys = {"rope_type"}
        optional_keys = {"rope_theta"}
        received_keys = set(rope_parameters.keys())
        rope_type = rope_parameters["rope_type"]
        self._check_received_keys(
            rope_type, received_keys, required_keys, optional_keys=optional_keys, ignore_keys=ignore_keys
        )

    def _validate_linear_rope_parameters(self, rope_parameters, ignore_keys=None):
        required_keys = {"rope_type", "factor"}
        optional_keys = {"rope_theta"}
        received_keys = set(rope_parameters.keys())
        rope_type = rope_parameters["rope_type"]
        self._check_received_keys(
            rope_type, received_keys, required_keys, optional_keys=optional_keys, ignore_keys=ignore_keys
        )

        factor = rope_parameters["factor"]
        if factor is None or not isinstance(factor, (float, int)) or factor < 1.0:
            self._log.warning(f"`rope_parameters`'s factor field must be a float or int >= 1, got {factor}")

    def _validate_dynamic_rope_parameters(self, rope_parameters, ignore_keys=None):
        required_keys = {"rope_type", "factor"}
        optional_keys = {"rope_theta"}
        received_keys = set(rope_parameters.keys())
        rope_type = rope_parameters["rope_type"]
        self._check_received_keys(
            rope_type, received_keys, required_keys, optional_keys=optional_keys, ignore_keys=ignore_keys
        )

        factor = rope_parameters["factor"]
        if factor is None or not isinstance(factor, (float, int)) or factor < 1.0:
            self._log.warning(f"`rope_parameters`'s factor field must be a float or int >= 1, got {factor}")

    def _validate_yarn_rope_parameters(self, rope_parameters, ignore_keys=None):
        required_keys = {"rope_type", "factor", "original_max_position_embeddings"}
        optional_keys = {
            "rope_theta",
            "attention_factor",
            "beta_fast",
            "beta_slow",
            "mscale",
            "mscale_all_dim",
            "truncate",
        }
        received_keys = set(rope_parameters.keys())
        rope_type = rope_parameters["rope_type"]
        self._check_received_keys(rope_type, received_keys, required_keys, optional_keys, ignore_keys=ignore_keys)

        factor = rope_parameters["factor"]
        if factor is None or not isinstance(factor, (float, int)) or factor < 1.0:
            self._log.warning(f"`rope_parameters`'s factor field must be a float or int >= 1, got {factor}")

        attention_factor = rope_parameters.get("attention_factor")
        if attention_factor is not None and (not isinstance(attention_factor, float) or attention_factor < 0):
            self._log.warning(
                f"`rope_parameters`'s attention_factor field must be a float greater than 0, got {attention_factor}"
            )
        beta_fast = rope_parameters.get("beta_fast")
        if beta_fast is not None and not isinstance(beta_fast, (float, int)):
            self._log.warning(f"`rope_parameters`'s beta_fast field must be a float or int, got {beta_fast}")
        beta_slow = rope_parameters.get("beta_slow")
        if beta_slow is not None and not isinstance(beta_slow, (float, int)):
            self._log.warning(f"`rope_parameters`'s beta_slow field must be a float or int, got {beta_slow}")

        if (beta_fast or 32) < (beta_slow or 1):
            self._log.warning(
                f"`rope_parameters`'s beta_fast field must be greater than beta_slow, got beta_fast={beta_fast} "
                f"(defaults to 32 if None) and beta_slow={beta_slow} (defaults to 1 if None)"
            )

        original_max_position_embeddings = rope_parameters["original_max_position_embeddings"]
        implicit_factor = self.max_position_embeddings / original_max_position_embeddings
        if implicit_factor != factor and implicit_factor != 1:
            self._log.warning_once(
                f"The explicitly set RoPE scaling factor (config.rope_parameters['factor'] = {factor}) does not match "
                "the ratio implicitly set by other parameters (implicit factor = "
                "post-yarn context length / pre-yarn context length = "
                "config.max_position_embeddings / config.rope_parameters['original_max_position_embeddings'] = "
                f"{implicit_factor}). Using the explicit factor ({factor}) in YaRN. This may cause unexpected "
                "behaviour in model usage, please correct the 'original_max_position_embeddings' fields in the model config."
            )

    def _validate_longrope_rope_parameters(self, rope_parameters, ignore_keys=None):
        required_keys = {"rope_type", "short_factor", "long_factor", "original_max_position_embeddings"}
        optional_keys = {"rope_theta", "attention_factor", "factor"}
        received_keys = set(rope_parameters.keys())
        rope_type = rope_parameters["rope_type"]
        self._check_received_keys(rope_type, received_keys, required_keys, optional_keys, ignore_keys=ignore_keys)

        partial_rotary_factor = rope_parameters.get("partial_rotary_factor", 1.0)
        head_dim = getattr(self, "head_dim", self.hidden_size // self.num_attention_heads)
        dim = int(head_dim * partial_rotary_factor)

        short_factor = rope_parameters.get("short_factor")
        if not (isinstance(short_factor, list) and all(isinstance(x, (int, float)) for x in short_factor)):
            self._log.warning(f"`rope_parameters`'s short_factor field must be a list of numbers, got {short_factor}")
        if len(short_factor) != dim // 2:
            self._log.warning(
                f"`rope_parameters`'s short_factor field must have length {dim // 2}, got {len(short_factor)}"
            )

        long_factor = rope_parameters.get("long_factor")
        if not (isinstance(long_factor, list) and all(isinstance(x, (int, float)) for x in long_factor)):
            self._log.warning(f"`rope_parameters`'s long_factor field must be a list of numbers, got {long_factor}")
        if len(long_factor) != dim // 2:
            self._log.warning(
                f"`rope_parameters`'s long_factor field must have length {dim // 2}, got {len(long_factor)}"
            )

        factor = rope_parameters.get("factor")
        original_max_position_embeddings = rope_parameters["original_max_position_embeddings"]

        if factor is None and original_max_position_embeddings is not None:
            self._log.warning_once(
                "This model config has set a `rope_parameters['original_max_position_embeddings']` field, to be used together with "
                "`max_position_embeddings` to determine a scaling factor. Please set the `factor` field of `rope_parameters`"
                "with this ratio instead -- we recommend the use of this field over `original_max_position_embeddings`, "
                "as it is compatible with most model architectures."
            )
        elif factor is None and original_max_position_embeddings is None:
            self._log.warning("Missing required keys in `rope_parameters`: 'factor'")
        elif not isinstance(factor, (float, int)) or factor < 1.0:
            self._log.warning(f"`rope_parameters`'s factor field must be a float or int >= 1, got {factor}")

        attention_factor = rope_parameters.get("attention_factor")
        if attention_factor is not None and (not isinstance(attention_factor, (float, int)) or attention_factor < 0.0):
            self._log.warning(
                f"`rope_parameters`'s attention_factor field must be a float or int greater than 0, got {attention_factor}"
            )

    def _validate_llama3_rope_parameters(self, rope_parameters, ignore_keys=None):
        required_keys = {
            "rope_type",
            "factor",
            "original_max_position_embeddings",
            "low_freq_factor",
            "high_freq_factor",
            "rope_theta",
        }
        rope_type = rope_parameters["rope_type"]
        received_keys = set(rope_parameters.keys())
        self._check_received_keys(rope_type, received_keys, required_keys, ignore_keys=ignore_keys)

        factor = rope_parameters["factor"]
        if factor is None or not isinstance(factor, (float, int)) or factor < 1.0:
            self._log.warning(f"`rope_parameters`'s factor field must be a float or int >= 1, got {factor}")

        low_freq_factor = rope_parameters["low_freq_factor"]
        high_freq_factor = rope_parameters["high_freq_factor"]
        if low_freq_factor is None or not isinstance(low_freq_factor, (float, int)):
            self._log.warning(f"`rope_parameters`'s low_freq_factor field must be a float, or int got {low_freq_factor}")
        if high_freq_factor is None or not isinstance(high_freq_factor, (float, int)):
            self._log.warning(
                f"`rope_parameters`'s high_freq_factor field must be a float or int, got {high_freq_factor}"
            )
        if high_freq_factor <= low_freq_factor:
            self._log.warning(
                "`rope_parameters`'s high_freq_factor field must be greater than low_freq_factor, got high_freq_factor="
                f"{high_freq_factor} and low_freq_factor={low_freq_factor}"
            )

        original_max_position_embeddings = rope_parameters["original_max_position_embeddings"]
        if original_max_position_embeddings is None or not isinstance(original_max_position_embeddings, int):
            self._log.warning(
                "`rope_parameters`'s original_max_position_embeddings field must be an integer, got "
                f"{original_max_position_embeddings}"
            )
        if original_max_position_embeddings >= self.max_position_embeddings:
            self._log.warning(
                "`rope_parameters`'s original_max_position_embeddings field must be less than max_position_embeddings, got "
                f"{original_max_position_embeddings} and max_position_embeddings={self.max_position_embeddings}"
            )

    def _validate_proportional_rope_parameters(self, rope_parameters, ignore_keys=None):
        required_keys = {"rope_type", "rope_theta"}
        rope_type = rope_parameters["rope_type"]
        received_keys = set(rope_parameters.keys())
        self._check_received_keys(rope_type, received_keys, required_keys, ignore_keys=ignore_keys)

        partial_rotary_factor = rope_parameters.get("partial_rotary_factor")
        if partial_rotary_factor is None:
            self._log.warning(
                "`rope_parameters`'s partial_rotary_factor is None. This will default to 1.0 in the computation, "
                "making this equivalent to the linear_scaling RoPE type. Provide a value in the range [0.0, 1.0) to "
                "make use of the proportional RoPE functionality."
            )

    # changed: a @staticmethod upstream; a method here only to reach self._log
    def _check_received_keys(self, rope_type, received_keys, required_keys, optional_keys=None, ignore_keys=None):
        if "type" in received_keys:
            received_keys -= {"type"}
            required_keys.add("rope_type")

        optional_keys = optional_keys or set()
        if "partial_rotary_factor" not in optional_keys:
            optional_keys.add("partial_rotary_factor")

        if ignore_keys is not None:
            received_keys -= set(ignore_keys)

        missing_keys = required_keys - received_keys
        if missing_keys:
            raise KeyError(f"Missing required keys in `rope_parameters` for 'rope_type'='{rope_type}': {missing_keys}")

        unused_keys = received_keys - required_keys - optional_keys
        if unused_keys:
            self._log.warning(f"Unrecognized keys in `rope_parameters` for 'rope_type'='{rope_type}': {unused_keys}")


# --- configuration_utils.py: PreTrainedConfig (the parts on the RoPE path) -----------------------------------------

ALLOWED_ATTN_LAYER_TYPES = (  # copied: src/transformers/configuration_utils.py @ decba1d2
    "full_attention", "sliding_attention", "chunked_attention", "window_attention", "compressed_sparse_attention",
    "heavily_compressed_attention", "minimax_m3_sparse", "conv", "moe", "hybrid", "hybrid_sliding",
    "deepseek_sparse_attention", "linear_attention",
)


class PreTrainedConfig(RotaryEmbeddingConfigMixin):
    """Stand-in for the @strict dataclass: FIELDS are the class's dataclass fields (those on the RoPE path, with their
    defaults); every other key of config.json goes to __post_init__(**kwargs), as the dataclass __init__ does."""

    model_type = ""
    FIELDS = {}
    # keys of config.json that this class's convert_rope_params_to_dict pops (what the v5 twin removes)
    LEGACY_ROPE_KEYS = ("rope_scaling", "rope_theta")
    # how the model's rotary embedding is built: "llama" (one rotary embedding, compute_default_rope_parameters
    # ignores partial_rotary_factor), "partial" (one, the default honours it: phi, phi3, gpt_neox), "per_layer_type"
    # (one inv_freq per layer type: gemma3, modernbert, olmo3), "gptj"
    ROTARY = "llama"
    NOPE_LAYER_TYPES = ()

    @classmethod
    def all_fields(cls):
        fields = {}
        for klass in reversed(cls.__mro__):  # a subclass's fields after (and over) its bases'
            fields.update(klass.__dict__.get("FIELDS", {}))
        return fields

    def __init__(self, log, **config_dict):
        self._log = log
        fields = self.all_fields()
        for name, default in fields.items():
            setattr(self, name, copy.deepcopy(default))
        kwargs = {}
        for key, value in config_dict.items():
            if key in fields:
                setattr(self, key, value)
            else:
                kwargs[key] = value
        self.__post_init__(**kwargs)
        self.validate()

    # copied (excerpt): src/transformers/configuration_utils.py @ decba1d2 (PreTrainedConfig.__post_init__, the lines
    # that touch RoPE and the loop that turns the other kwargs into attributes)
    def __post_init__(self, **kwargs):
        kwargs.pop("torch_dtype", None)
        if hasattr(self, "rope_parameters"):
            kwargs = self.convert_rope_params_to_dict(**kwargs)
        elif kwargs.get("rope_scaling") and kwargs.get("rope_theta"):
            self._log.warning(  # logger of configuration_utils
                f"{self.__class__.__name__} got `key=rope_scaling` in kwargs but hasn't set it as attribute. "
                "For RoPE standardization you need to set `self.rope_parameters` in model's config. "
            )
            kwargs = self.convert_rope_params_to_dict(**kwargs)
        for key, value in kwargs.items():
            if key == "rope_scaling":  # the `rope_scaling` property setter (configuration_utils.py)
                self.rope_parameters = value
            else:
                setattr(self, key, value)

    def validate(self):
        # huggingface_hub dataclasses.py (@strict): class validators are the `validate_*` methods in dir(cls) order;
        # ValueError/TypeError are wrapped, anything else (KeyError) propagates. Only the RoPE-relevant validators
        # are re-enacted (validate_architecture, validate_layer_type, validate_rope).
        for name in sorted(n for n in dir(type(self)) if n.startswith("validate_")):
            try:
                getattr(self, name)()
            except (ValueError, TypeError) as e:
                raise StrictDataclassClassValidationError(name, e) from e

    # copied: src/transformers/configuration_utils.py @ decba1d2 (PreTrainedConfig.validate_layer_type; the custom-code
    # remap and mlp_layer_types are left out: no file here has them)
    def validate_layer_type(self):
        layers = getattr(self, "layer_types", None)
        if not (layers is not None and hasattr(self, "num_hidden_layers")):
            return
        if not all(layer_type in ALLOWED_ATTN_LAYER_TYPES for layer_type in layers):
            raise ValueError(f"The `layer_types` entries must be in {ALLOWED_ATTN_LAYER_TYPES} but got {layers}")
        elif self.num_hidden_layers is not None and self.num_hidden_layers != len(layers):
            raise ValueError(
                f"`num_hidden_layers` ({self.num_hidden_layers}) must be equal to the number of `layer_types` "
                f"({len(layers)})"
            )

    def get_text_config(self):
        # configuration_utils.py get_text_config(): "text_encoder", "decoder", "generator", "text_config"; only the
        # composite configs here (Gemma3Config, Qwen2VLConfig, Qwen2_5_VLConfig) have one, always `text_config`
        return getattr(self, "text_config", None) or self


def validate_architecture_divisible(self):
    # copied: models/{llama,gemma2,gemma3}/configuration_*.py @ decba1d2 (validate_architecture)
    if self.hidden_size % self.num_attention_heads != 0:
        raise ValueError(
            f"The hidden size ({self.hidden_size}) is not a multiple of the number of attention "
            f"heads ({self.num_attention_heads})."
        )


# --- the model configs (src/transformers/models/*/configuration_*.py @ decba1d2; notes §5) ---------------------------

class LlamaConfig(PreTrainedConfig):
    model_type = "llama"
    FIELDS = dict(hidden_size=4096, num_hidden_layers=32, num_attention_heads=32, num_key_value_heads=None,
                  max_position_embeddings=2048, rope_parameters=None, head_dim=None)

    def __post_init__(self, **kwargs):
        if self.head_dim is None:
            self.head_dim = self.hidden_size // self.num_attention_heads
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)

    validate_architecture = validate_architecture_divisible


class MistralConfig(PreTrainedConfig):
    model_type = "mistral"
    FIELDS = dict(hidden_size=4096, num_hidden_layers=32, num_attention_heads=32, num_key_value_heads=8,
                  head_dim=None, max_position_embeddings=4096 * 32, rope_parameters=None, sliding_window=4096)

    def __post_init__(self, **kwargs):
        self.head_dim = self.head_dim if self.head_dim is not None else self.hidden_size // self.num_attention_heads
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        if "layer_types" in kwargs:
            self._log.warning_once(
                "Detected Mistral model with layer_types. Consider using AutoModel or Ministral classes instead to enable alternating attention compatibility."
            )
        return super().__post_init__(**kwargs)


class Qwen2Config(PreTrainedConfig):
    model_type = "qwen2"
    FIELDS = dict(hidden_size=4096, num_hidden_layers=32, num_attention_heads=32, num_key_value_heads=32,
                  max_position_embeddings=32768, rope_parameters=None, use_sliding_window=False,
                  sliding_window=4096, max_window_layers=28, layer_types=None)

    def __post_init__(self, **kwargs):
        self.sliding_window = self.sliding_window if self.use_sliding_window else None
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        if self.layer_types is None:
            self.layer_types = [
                "sliding_attention"
                if self.sliding_window is not None and i >= self.max_window_layers
                else "full_attention"
                for i in range(self.num_hidden_layers)
            ]
        super().__post_init__(**kwargs)


class Qwen3Config(Qwen2Config):
    model_type = "qwen3"
    FIELDS = dict(head_dim=128)  # otherwise Qwen2Config's fields and __post_init__ (configuration_qwen3.py)


class Qwen2_5_VLTextConfig(Qwen2Config):
    model_type = "qwen2_5_vl_text"
    default_theta = 1000000.0
    ignore_keys_at_rope_validation = {"mrope_section"}
    # all fields (Qwen2_5_VLConfig.__post_init__ pops these names from the flat layout)
    FIELDS = dict(vocab_size=152064, hidden_size=8192, intermediate_size=29568, num_hidden_layers=80,
                  num_attention_heads=64, num_key_value_heads=8, hidden_act="silu", max_position_embeddings=32768,
                  initializer_range=0.02, rms_norm_eps=1e-05, use_cache=True, use_sliding_window=False,
                  sliding_window=4096, max_window_layers=80, layer_types=None, attention_dropout=0.0,
                  rope_parameters=None, bos_token_id=151643, eos_token_id=151645, pad_token_id=None)

    # copied: models/qwen2_5_vl/configuration_qwen2_5_vl.py @ decba1d2 (Qwen2_5_VLTextConfig.convert_rope_params_to_dict)
    def convert_rope_params_to_dict(self, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}
        self.rope_parameters.setdefault("rope_theta", kwargs.pop("rope_theta", self.default_theta))
        if self.rope_parameters.get("rope_type", self.rope_parameters.get("type")) == "mrope":
            self.rope_parameters["rope_type"] = "default"
        self.standardize_rope_params()
        return kwargs


class Qwen2_5_VLConfig(PreTrainedConfig):
    model_type = "qwen2_5_vl"
    FIELDS = dict(text_config=None, vision_config=None, image_token_id=151655, video_token_id=151656,
                  vision_start_token_id=151652, vision_end_token_id=151653, tie_word_embeddings=False)

    # copied: models/qwen2_5_vl/configuration_qwen2_5_vl.py @ decba1d2 (Qwen2_5_VLConfig.__post_init__; the vision
    # config is not built here)
    def __post_init__(self, **kwargs):
        text_params = list(Qwen2_5_VLTextConfig.all_fields()) + ["rope_parameters", "rope_scaling", "rope_theta"]
        text_kwargs = {key: kwargs.pop(key) for key in text_params if key in kwargs}
        if isinstance(self.text_config, dict):
            self.text_config = Qwen2_5_VLTextConfig(self._log, **self.text_config)
        elif self.text_config is None:
            self.text_config = Qwen2_5_VLTextConfig(self._log, **text_kwargs)
        super().__post_init__(**kwargs)


class Qwen2VLTextConfig(Qwen2Config):
    # models/qwen2_vl/configuration_qwen2_vl.py @ decba1d2 (last changed in 295cee3e): the same fields, defaults,
    # __post_init__ (= Qwen2Config's, inherited here) and convert_rope_params_to_dict as Qwen2_5_VLTextConfig
    # (configuration_qwen2_5_vl.py is generated from modular_qwen2_5_vl.py, which inherits them from here)
    model_type = "qwen2_vl_text"
    default_theta = 1000000.0
    ignore_keys_at_rope_validation = {"mrope_section"}
    # all fields (Qwen2VLConfig.__post_init__ pops these names from the flat layout)
    FIELDS = dict(vocab_size=152064, hidden_size=8192, intermediate_size=29568, num_hidden_layers=80,
                  num_attention_heads=64, num_key_value_heads=8, hidden_act="silu", max_position_embeddings=32768,
                  initializer_range=0.02, rms_norm_eps=1e-05, use_cache=True, use_sliding_window=False,
                  sliding_window=4096, max_window_layers=80, layer_types=None, attention_dropout=0.0,
                  rope_parameters=None, bos_token_id=151643, eos_token_id=151645, pad_token_id=None)

    # copied: models/qwen2_vl/configuration_qwen2_vl.py @ decba1d2 (Qwen2VLTextConfig.convert_rope_params_to_dict)
    def convert_rope_params_to_dict(self, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}
        self.rope_parameters.setdefault("rope_theta", kwargs.pop("rope_theta", self.default_theta))
        if self.rope_parameters.get("rope_type", self.rope_parameters.get("type")) == "mrope":
            self.rope_parameters["rope_type"] = "default"
        self.standardize_rope_params()
        return kwargs


class Qwen2VLConfig(PreTrainedConfig):
    model_type = "qwen2_vl"
    FIELDS = dict(text_config=None, vision_config=None, image_token_id=151655, video_token_id=151656,
                  vision_start_token_id=151652, vision_end_token_id=151653, tie_word_embeddings=False)

    # copied: models/qwen2_vl/configuration_qwen2_vl.py @ decba1d2 (Qwen2VLConfig.__post_init__; the vision config
    # is not built here)
    def __post_init__(self, **kwargs):
        text_params = list(Qwen2VLTextConfig.all_fields()) + ["rope_parameters", "rope_scaling", "rope_theta"]
        text_kwargs = {key: kwargs.pop(key) for key in text_params if key in kwargs}
        if isinstance(self.text_config, dict):
            self.text_config = Qwen2VLTextConfig(self._log, **self.text_config)
        elif self.text_config is None:
            self.text_config = Qwen2VLTextConfig(self._log, **text_kwargs)
        super().__post_init__(**kwargs)


class Gemma2Config(PreTrainedConfig):
    model_type = "gemma2"
    FIELDS = dict(hidden_size=2304, num_hidden_layers=26, num_attention_heads=8, num_key_value_heads=4, head_dim=256,
                  max_position_embeddings=8192, rope_parameters=None, sliding_window=4096, layer_types=None)

    def __post_init__(self, **kwargs):
        if self.layer_types is None:
            self.layer_types = [
                "sliding_attention" if bool((i + 1) % 2) else "full_attention" for i in range(self.num_hidden_layers)
            ]
        super().__post_init__(**kwargs)

    validate_architecture = validate_architecture_divisible


class Gemma3TextConfig(PreTrainedConfig):
    model_type = "gemma3_text"
    FIELDS = dict(hidden_size=2304, num_hidden_layers=26, num_attention_heads=8, num_key_value_heads=4, head_dim=256,
                  max_position_embeddings=131_072, rope_parameters=None, sliding_window=4096, layer_types=None,
                  use_bidirectional_attention=False)
    default_theta = {"global": 1_000_000.0, "local": 10_000.0}
    LEGACY_ROPE_KEYS = ("rope_scaling", "rope_theta", "rope_local_base_freq")
    ROTARY = "per_layer_type"

    def __post_init__(self, **kwargs):
        if self.use_bidirectional_attention:
            self.sliding_window = (self.sliding_window // 2) + 1
        self._sliding_window_pattern = kwargs.get("sliding_window_pattern", 6)
        if self.layer_types is None:
            self.layer_types = [
                "sliding_attention" if bool((i + 1) % self._sliding_window_pattern) else "full_attention"
                for i in range(self.num_hidden_layers)
            ]
        super().__post_init__(**kwargs)

    validate_architecture = validate_architecture_divisible

    # copied: models/gemma3/configuration_gemma3.py @ decba1d2 (Gemma3TextConfig.convert_rope_params_to_dict)
    def convert_rope_params_to_dict(self, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        default_rope_params = {
            "sliding_attention": {"rope_type": "default"},
            "full_attention": {"rope_type": "default"},
        }
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else default_rope_params
        if rope_scaling is not None:
            self.rope_parameters["full_attention"].update(rope_scaling)
        if self.rope_parameters.get("full_attention") is None:
            self.rope_parameters["full_attention"] = {"rope_type": "default"}
        self.rope_parameters["full_attention"].setdefault(
            "rope_theta", kwargs.pop("rope_theta", self.default_theta["global"])
        )
        if self.rope_parameters.get("sliding_attention") is None:
            self.rope_parameters["sliding_attention"] = {"rope_type": "default"}
        self.rope_parameters["sliding_attention"].setdefault(
            "rope_theta", kwargs.pop("rope_local_base_freq", self.default_theta["local"])
        )
        self.standardize_rope_params()
        return kwargs


class Gemma3Config(PreTrainedConfig):
    model_type = "gemma3"
    FIELDS = dict(text_config=None, vision_config=None, mm_tokens_per_image=256, boi_token_index=255_999,
                  eoi_token_index=256_000, image_token_index=262_144, initializer_range=0.02,
                  tie_word_embeddings=True)

    def __post_init__(self, **kwargs):
        if self.text_config is None:
            self.text_config = Gemma3TextConfig(self._log)
        elif isinstance(self.text_config, dict):
            self.text_config = Gemma3TextConfig(self._log, **self.text_config)
        super().__post_init__(**kwargs)


class Phi3Config(PreTrainedConfig):
    model_type = "phi3"
    FIELDS = dict(hidden_size=3072, num_hidden_layers=32, num_attention_heads=32, num_key_value_heads=None,
                  max_position_embeddings=4096, original_max_position_embeddings=4096, rope_parameters=None,
                  sliding_window=None)
    ROTARY = "partial"

    def __post_init__(self, **kwargs):
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)

    # copied: models/phi3/configuration_phi3.py @ decba1d2 (Phi3Config.convert_rope_params_to_dict)
    def convert_rope_params_to_dict(self, default_theta=10_000.0, ignore_keys=None, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}
        self.rope_parameters.setdefault("rope_theta", kwargs.pop("rope_theta", default_theta))
        self.rope_parameters.setdefault("partial_rotary_factor", kwargs.get("partial_rotary_factor", 1.0))
        self.standardize_rope_params()
        rope_parameters_type = self.rope_parameters.get("rope_type", None)
        if rope_parameters_type is not None and rope_parameters_type in ["su", "yarn"]:
            self.rope_parameters["rope_type"] = "longrope"
        return kwargs

    # copied: models/phi3/configuration_phi3.py @ decba1d2 (Phi3Config.validate_rope)
    def validate_rope(self):
        super().validate_rope()
        if not isinstance(self.rope_parameters, dict):
            raise ValueError(f"`rope_parameters` must be a dictionary but got {self.rope_parameters}")
        rope_parameters_type = self.rope_parameters.get("rope_type", None)
        rope_parameters_short_factor = self.rope_parameters.get("short_factor", None)
        rope_parameters_long_factor = self.rope_parameters.get("long_factor", None)
        rotary_ndims = int(
            self.hidden_size // self.num_attention_heads * self.rope_parameters["partial_rotary_factor"]
        )
        if rope_parameters_type not in ["default", "longrope"]:
            raise ValueError(f"`rope_parameters`'s type field must be one of ['longrope'], got {rope_parameters_type}")
        if rope_parameters_short_factor is not None:
            if not (
                isinstance(rope_parameters_short_factor, list)
                and all(isinstance(x, (int, float)) for x in rope_parameters_short_factor)
            ):
                raise ValueError(
                    f"`rope_parameters`'s short_factor field must be a list of numbers, got {rope_parameters_short_factor}"
                )
            if not len(rope_parameters_short_factor) == rotary_ndims // 2:
                raise ValueError(
                    f"`rope_parameters`'s short_factor field must have length {rotary_ndims // 2}, got {len(rope_parameters_short_factor)}"
                )
        if rope_parameters_long_factor is not None:
            if not (
                isinstance(rope_parameters_long_factor, list)
                and all(isinstance(x, (int, float)) for x in rope_parameters_long_factor)
            ):
                raise ValueError(
                    f"`rope_parameters`'s long_factor field must be a list of numbers, got {rope_parameters_long_factor}"
                )
            if not len(rope_parameters_long_factor) == rotary_ndims // 2:
                raise ValueError(
                    f"`rope_parameters`'s long_factor field must have length {rotary_ndims // 2}, got {len(rope_parameters_long_factor)}"
                )


class PhiConfig(PreTrainedConfig):
    model_type = "phi"
    FIELDS = dict(hidden_size=2048, num_hidden_layers=24, num_attention_heads=32, num_key_value_heads=None,
                  max_position_embeddings=2048, rope_parameters=None)
    ROTARY = "partial"

    def __post_init__(self, **kwargs):
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        kwargs.setdefault("partial_rotary_factor", 0.5)  # assign default for BC
        super().__post_init__(**kwargs)


class DeepseekV3Config(PreTrainedConfig):
    model_type = "deepseek_v3"
    FIELDS = dict(hidden_size=7168, num_hidden_layers=61, num_attention_heads=128, num_key_value_heads=128,
                  qk_rope_head_dim=64, v_head_dim=128, qk_nope_head_dim=128, max_position_embeddings=4096,
                  rope_parameters=None, rope_interleave=True)

    def __post_init__(self, **kwargs):
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        self.qk_head_dim = self.qk_nope_head_dim + self.qk_rope_head_dim
        self.head_dim = self.qk_rope_head_dim
        super().__post_init__(**kwargs)


class GptOssConfig(PreTrainedConfig):
    model_type = "gpt_oss"
    default_theta = 150000.0
    FIELDS = dict(num_hidden_layers=36, hidden_size=2880, head_dim=64, num_attention_heads=64, num_key_value_heads=8,
                  sliding_window=128, max_position_embeddings=131072, rope_parameters=None, layer_types=None)

    def __post_init__(self, **kwargs):
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        self.head_dim = self.head_dim if self.head_dim is not None else self.hidden_size // self.num_attention_heads
        if self.layer_types is None:
            self.layer_types = [
                "sliding_attention" if bool((i + 1) % 2) else "full_attention" for i in range(self.num_hidden_layers)
            ]
        if self.rope_parameters is None:
            self.rope_parameters = {
                "rope_type": "yarn",
                "factor": 32.0,
                "beta_fast": 32.0,
                "beta_slow": 1.0,
                "truncate": False,
                "original_max_position_embeddings": 4096,
            }
        super().__post_init__(**kwargs)


class GPTJConfig(PreTrainedConfig):
    """No `rope_parameters` field (models/gptj/configuration_gptj.py): convert_rope_params_to_dict never runs."""
    model_type = "gptj"
    FIELDS = dict(n_positions=2048, n_embd=4096, n_layer=28, n_head=16, rotary_dim=64)
    ROTARY = "gptj"
    LEGACY_ROPE_KEYS = ()

    def __post_init__(self, **kwargs):
        super().__post_init__(**kwargs)

    # attribute_map = {"max_position_embeddings": "n_positions", "hidden_size": "n_embd",
    #                  "num_attention_heads": "n_head", "num_hidden_layers": "n_layer"}
    max_position_embeddings = property(lambda self: self.n_positions)
    hidden_size = property(lambda self: self.n_embd)
    num_attention_heads = property(lambda self: self.n_head)
    num_hidden_layers = property(lambda self: self.n_layer)


class GPTNeoXConfig(PreTrainedConfig):
    model_type = "gpt_neox"
    FIELDS = dict(hidden_size=6144, num_hidden_layers=44, num_attention_heads=64, max_position_embeddings=2048,
                  rope_parameters=None)
    LEGACY_ROPE_KEYS = ("rope_scaling", "rotary_emb_base", "rotary_pct")
    ROTARY = "partial"

    def validate_architecture(self):
        if self.hidden_size % self.num_attention_heads != 0:
            raise ValueError(
                "The hidden size is not divisible by the number of attention heads! Make sure to update them!"
            )

    # copied: models/gpt_neox/configuration_gpt_neox.py @ decba1d2 (GPTNeoXConfig.convert_rope_params_to_dict)
    def convert_rope_params_to_dict(self, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        self.rope_parameters = rope_scaling or self.rope_parameters
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else {}
        self.rope_parameters.setdefault("rope_theta", kwargs.pop("rotary_emb_base", self.default_theta))
        self.rope_parameters.setdefault("partial_rotary_factor", kwargs.pop("rotary_pct", 0.25))
        self.standardize_rope_params()
        return kwargs


class ModernBertConfig(PreTrainedConfig):
    model_type = "modernbert"
    default_theta = {"global": 160_000.0, "local": 10_000.0}
    FIELDS = dict(hidden_size=768, num_hidden_layers=22, num_attention_heads=12, max_position_embeddings=8192,
                  layer_types=None, rope_parameters=None, local_attention=128)
    LEGACY_ROPE_KEYS = ("rope_scaling", "global_rope_theta", "local_rope_theta")
    ROTARY = "per_layer_type"

    def __post_init__(self, **kwargs):
        global_attn_every_n_layers = kwargs.get("global_attn_every_n_layers", 3)
        if self.layer_types is None:
            self.layer_types = [
                "sliding_attention" if bool(i % global_attn_every_n_layers) else "full_attention"
                for i in range(self.num_hidden_layers)
            ]
        super().__post_init__(**kwargs)

    # copied: models/modernbert/configuration_modernbert.py @ decba1d2 (ModernBertConfig.convert_rope_params_to_dict)
    def convert_rope_params_to_dict(self, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        default_rope_params = {
            "sliding_attention": {"rope_type": "default"},
            "full_attention": {"rope_type": "default"},
        }
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else default_rope_params
        if rope_scaling is not None:
            self.rope_parameters["full_attention"].update(rope_scaling)
            self.rope_parameters["sliding_attention"].update(rope_scaling)
        if self.rope_parameters.get("full_attention") is None:
            self.rope_parameters["full_attention"] = {"rope_type": "default"}
        self.rope_parameters["full_attention"].setdefault(
            "rope_theta", kwargs.pop("global_rope_theta", self.default_theta["global"])
        )
        if self.rope_parameters.get("sliding_attention") is None:
            self.rope_parameters["sliding_attention"] = {"rope_type": "default"}
        self.rope_parameters["sliding_attention"].setdefault(
            "rope_theta", kwargs.pop("local_rope_theta", self.default_theta["local"])
        )
        self.standardize_rope_params()
        return kwargs


class FalconConfig(PreTrainedConfig):
    model_type = "falcon"
    FIELDS = dict(hidden_size=4544, num_hidden_layers=32, num_attention_heads=71, num_kv_heads=None, alibi=False,
                  max_position_embeddings=2048, rope_parameters=None)

    def __post_init__(self, **kwargs):
        n_embed = kwargs.pop("n_embed", None)
        self.hidden_size = self.hidden_size if n_embed is None else n_embed
        self.num_kv_heads = self.num_attention_heads if self.num_kv_heads is None else self.num_kv_heads
        super().__post_init__(**kwargs)

    @property
    def head_dim(self):
        return self.hidden_size // self.num_attention_heads

    @property
    def NOPE_LAYER_TYPES(self):
        # FalconModel: alibi instead of RoPE when config.alibi (the rotary embedding is built but not applied)
        return ("full_attention",) if self.alibi else ()


class Olmo2Config(PreTrainedConfig):
    model_type = "olmo2"
    FIELDS = dict(hidden_size=4096, num_hidden_layers=32, num_attention_heads=32, num_key_value_heads=None,
                  max_position_embeddings=2048, rope_parameters=None)

    def __post_init__(self, **kwargs):
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        super().__post_init__(**kwargs)


class Olmo3Config(PreTrainedConfig):
    model_type = "olmo3"
    default_theta = 500000.0
    FIELDS = dict(hidden_size=4096, num_hidden_layers=32, num_attention_heads=32, num_key_value_heads=None,
                  max_position_embeddings=2048, rope_parameters=None, sliding_window=4096, layer_types=None)
    ROTARY = "per_layer_type"

    def __post_init__(self, **kwargs):
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        if self.layer_types is None:
            self.layer_types = [
                "sliding_attention" if (i + 1) % 4 != 0 else "full_attention" for i in range(self.num_hidden_layers)
            ]
        super().__post_init__(**kwargs)

    # copied: models/olmo3/configuration_olmo3.py @ decba1d2 (Olmo3Config.convert_rope_params_to_dict). Note the
    # second kwargs.pop("rope_theta"): sliding_attention always gets default_theta.
    def convert_rope_params_to_dict(self, **kwargs):
        rope_scaling = kwargs.pop("rope_scaling", None)
        default_rope_params = {
            "sliding_attention": {"rope_type": "default"},
            "full_attention": {"rope_type": "default"},
        }
        self.rope_parameters = self.rope_parameters if self.rope_parameters is not None else default_rope_params
        if rope_scaling is not None:
            self.rope_parameters["full_attention"].update(rope_scaling)
        if self.rope_parameters.get("full_attention") is None:
            self.rope_parameters["full_attention"] = {"rope_type": "default"}
        self.rope_parameters["full_attention"].setdefault("rope_theta", kwargs.pop("rope_theta", self.default_theta))
        if self.rope_parameters.get("sliding_attention") is None:
            self.rope_parameters["sliding_attention"] = {"rope_type": "default"}
        self.rope_parameters["sliding_attention"].setdefault(
            "rope_theta", kwargs.pop("rope_theta", self.default_theta)
        )
        self.standardize_rope_params()
        return kwargs


class Cohere2Config(PreTrainedConfig):
    model_type = "cohere2"
    FIELDS = dict(hidden_size=8192, num_hidden_layers=40, num_attention_heads=64, num_key_value_heads=None,
                  max_position_embeddings=8192, rope_parameters=None, sliding_window=4096, layer_types=None)
    # modeling_cohere2.py Cohere2Attention: apply_rotary_pos_emb only `if self.sliding_window is not None`, i.e. on
    # sliding_attention layers
    NOPE_LAYER_TYPES = ("full_attention",)

    def __post_init__(self, **kwargs):
        if self.num_key_value_heads is None:
            self.num_key_value_heads = self.num_attention_heads
        self.head_dim = self.hidden_size // self.num_attention_heads
        if self.layer_types is None:
            _sliding_window_pattern = kwargs.pop("sliding_window_pattern", 4)
            self.layer_types = [
                "sliding_attention" if bool((i + 1) % _sliding_window_pattern) else "full_attention"
                for i in range(self.num_hidden_layers)
            ]
        super().__post_init__(**kwargs)


CONFIG_MAPPING = {c.model_type: c for c in (
    LlamaConfig, MistralConfig, Qwen2Config, Qwen2VLConfig, Qwen2_5_VLConfig, Qwen3Config, Gemma2Config, Gemma3Config,
    Gemma3TextConfig, Phi3Config, PhiConfig, DeepseekV3Config, GptOssConfig, GPTJConfig, GPTNeoXConfig,
    ModernBertConfig, FalconConfig, Olmo2Config, Olmo3Config, Cohere2Config)}
# (the real CONFIG_MAPPING has every model; none of its keys is "RefinedWeb"/"RefinedWebModel": at decba1d2 those
# names occur only in integrations/awq.py and models/falcon/convert_custom_code_checkpoint.py)


def auto_config(config_dict, log):
    # models/auto/configuration_auto.py @ decba1d2 (AutoConfig.from_pretrained, the branch without remote code)
    if "model_type" not in config_dict:
        raise ValueError("Unrecognized model in <path>. Should have a `model_type` key in its config.json.")
    model_type = config_dict["model_type"]
    if model_type == "mistral" and "layer_types" in config_dict:
        raise NotImplementedError("AutoConfig would load this as ministral, which this script does not re-enact")
    try:
        config_class = CONFIG_MAPPING[model_type]
    except KeyError:
        raise ValueError(
            f"The checkpoint you are trying to load has model type `{config_dict['model_type']}` "
            "but Transformers does not recognize this architecture. This could be because of an "
            "issue with the checkpoint, or because your version of Transformers is out of date.\n\n"
            "You can update Transformers with the command `pip install --upgrade transformers`. If this "
            "does not work, and the checkpoint is very new, then there may not be a release version "
            "that supports this model yet. In this case, you can get the most up-to-date code by installing "
            "Transformers from source with the command "
            "`pip install git+https://github.com/huggingface/transformers.git`"
        ) from None
    return config_class(log, **copy.deepcopy(config_dict))  # from_dict -> cls(**config_dict)


# --- the rotary embeddings (src/transformers/models/*/modeling_*.py @ decba1d2; notes §4) ---------------------------

def compute_default_rope_parameters(config, seq_len=None, layer_type=None):
    # copied: models/llama/modeling_llama.py @ decba1d2 (LlamaRotaryEmbedding.compute_default_rope_parameters); the
    # same in mistral, qwen2, qwen2_vl, qwen2_5_vl, qwen3, gemma2, deepseek_v3, gpt_oss, falcon, olmo2, cohere2. With
    # layer_type: models/gemma3/modeling_gemma3.py (Gemma3RotaryEmbedding.compute_default_rope_parameters), the same
    # in modernbert and olmo3. partial_rotary_factor is NOT read.
    if layer_type is None:
        base = config.rope_parameters["rope_theta"]
    else:
        base = config.rope_parameters[layer_type]["rope_theta"]
    dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    attention_factor = 1.0  # Unused in this type of RoPE
    inv_freq = 1.0 / (base ** (arange_even(dim) / dim))
    return inv_freq, attention_factor


def compute_default_rope_parameters_partial(config, seq_len=None, layer_type=None):
    # copied: models/phi3/modeling_phi3.py @ decba1d2 (Phi3RotaryEmbedding.compute_default_rope_parameters); the same
    # in phi and gpt_neox
    base = config.rope_parameters["rope_theta"]
    partial_rotary_factor = config.rope_parameters.get("partial_rotary_factor", 1.0)
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    dim = int(head_dim * partial_rotary_factor)
    attention_factor = 1.0  # Unused in this type of RoPE
    inv_freq = 1.0 / (base ** (arange_even(dim) / dim))
    return inv_freq, attention_factor


def gptj_inv_freq(config):
    # copied: models/gptj/modeling_gptj.py @ decba1d2 (create_sinusoidal_positions; GPTJAttention.__init__:
    # pos_embd_dim = self.rotary_dim or self.embed_dim): base hard-coded 10000, int64 arange / dim
    dim = config.rotary_dim or config.n_embd
    return 1.0 / (10000 ** (numpy.arange(0, dim, 2, dtype=numpy.int64) / dim)), dim


def init_fn(config, rope_type):
    # XxxRotaryEmbedding.__init__: compute_default_rope_parameters for "default", else ROPE_INIT_FUNCTIONS[rope_type]
    # (a KeyError for an unknown type)
    if rope_type == "default":
        return compute_default_rope_parameters_partial if config.ROTARY == "partial" else compute_default_rope_parameters
    return ROPE_INIT_FUNCTIONS[rope_type]


def length_update(config, rope_type, layer_type):
    """dynamic_rope_update (modeling_rope_utils.py @ decba1d2) at a length past the threshold, or None.
    dynamic: recompute with seq_len = length once length > max_seq_len_cached (= max_position_embeddings), and
    attention_scaling is re-assigned; longrope: once length > original_max_position_embeddings, the init function
    at seq_len = original_max_position_embeddings + 1 (long_factor), attention_scaling kept (`long_inv_freq, _ =`)."""
    params = config.rope_parameters if layer_type is None else config.rope_parameters[layer_type]
    fn = init_fn(config, rope_type)
    if "dynamic" in rope_type:
        threshold = config.max_position_embeddings  # max_seq_len_cached at init
        length = 2 * threshold
        inv_freq, attention_scaling = fn(config, seq_len=length, layer_type=layer_type)
        rule = "dynamic: length > max_position_embeddings -> init function with seq_len = length"
        return dict(length=length, threshold=threshold, rule=rule, inv_freq=inv_freq.tolist(),
                    attention_scaling=attention_scaling)
    if rope_type == "longrope":
        threshold = params["original_max_position_embeddings"]
        length = 2 * threshold
        inv_freq, _ = fn(config, seq_len=threshold + 1, layer_type=layer_type)
        rule = ("longrope: length > original_max_position_embeddings -> long_factor "
                "(attention_scaling unchanged)")
        return dict(length=length, threshold=threshold, rule=rule, inv_freq=inv_freq.tolist(), attention_scaling=None)
    return None


def build_rotary(config):
    """{layer kind: {...} or None (NoPE)} as the model's rotary embedding(s) hold them after __init__."""
    layer_types = getattr(config, "layer_types", None)
    kinds = list(dict.fromkeys(layer_types)) if layer_types is not None else ["full_attention"]
    out = {}
    if config.ROTARY == "gptj":
        inv_freq, dim = gptj_inv_freq(config)
        out["full_attention"] = dict(rope_type="default", rope_theta=10000, head_dim=config.n_embd // config.n_head,
                                     rotary_dims=dim, inv_freq=inv_freq.tolist(), attention_scaling=1.0)
        return out
    if config.ROTARY == "per_layer_type":
        # Gemma3RotaryEmbedding / ModernBertRotaryEmbedding / Olmo3RotaryEmbedding.__init__
        for layer_type in kinds:
            rope_params = config.rope_parameters[layer_type]
            if rope_params is None:
                out[layer_type] = None
                continue
            rope_type = rope_params["rope_type"]
            inv_freq, attention_scaling = init_fn(config, rope_type)(config, layer_type=layer_type)
            out[layer_type] = entry(config, rope_params, inv_freq, attention_scaling,
                                    length_update(config, rope_type, layer_type))
        return out
    # one rotary embedding for every layer (LlamaRotaryEmbedding & co)
    rope_type = config.rope_parameters["rope_type"]
    inv_freq, attention_scaling = init_fn(config, rope_type)(config)
    shared = entry(config, config.rope_parameters, inv_freq, attention_scaling, length_update(config, rope_type, None))
    for kind in kinds:
        out[kind] = None if kind in config.NOPE_LAYER_TYPES else shared
    return out


def entry(config, rope_params, inv_freq, attention_scaling, update):
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    e = dict(rope_type=rope_params["rope_type"], rope_theta=rope_params["rope_theta"], head_dim=head_dim,
             rotary_dims=len(inv_freq) * 2, inv_freq=inv_freq.tolist(), attention_scaling=attention_scaling)
    if update is not None:
        if update["attention_scaling"] is None:
            update["attention_scaling"] = attention_scaling
        e["at_length"] = update
    return e


# --- one config file -> its record -----------------------------------------------------------------------------

def text_config_source(config_dict, config):
    if isinstance(config_dict.get("text_config"), dict):
        return "text_config"
    if config.get_text_config() is not config:
        return (f"top level (flat legacy layout: {type(config).__name__}.__post_init__ pops the text keys and "
                f"rope_parameters/rope_scaling/rope_theta into {type(config.get_text_config()).__name__})")
    return "top level"


def load(config_dict):
    """-> (record, text config object or None)."""
    log = Log()
    try:
        config = auto_config(config_dict, log)
        text = config.get_text_config()
        stored = copy.deepcopy(getattr(text, "rope_parameters", None))  # after loading: what save_pretrained writes
        rope = build_rotary(text)
    except (KeyError, ValueError, TypeError, ZeroDivisionError) as e:
        return dict(error=error_text(e), warnings=log.messages), None
    # the ROPE_INIT_FUNCTIONS call standardize_rope_params() again at model init; for these files it changes nothing
    assert getattr(text, "rope_parameters", None) == stored, (stored, text.rope_parameters)
    nope = [k for k, v in rope.items() if v is None]
    dims = sorted({v["rotary_dims"] for v in rope.values() if v is not None})
    head_dims = sorted({v["head_dim"] for v in rope.values() if v is not None})
    record = dict(
        config_class=type(config).__name__,
        text_config=text_config_source(config_dict, config),
        text_config_class=type(text).__name__,
        model_type=text.model_type,
        head_dim=head_dims[0] if len(head_dims) == 1 else head_dims,
        rotary_dims=dims[0] if len(dims) == 1 else dims,
        max_position_embeddings=getattr(text, "max_position_embeddings", None),
        layer_types=getattr(text, "layer_types", None),
        nope_layer_kinds=nope,
        shared_across_layer_kinds=text.ROTARY not in ("per_layer_type",),
        rope_parameters=stored,
        rope=rope,
        warnings=log.messages,
    )
    params = getattr(text, "rope_parameters", None) or {}
    if "mrope_section" in params:
        record["mrope_section"] = params["mrope_section"]
    return record, text


NOTES = {
    "falcon-7b-refinedweb.json": [
        "transformers v5 has no model_type 'RefinedWebModel' (or 'RefinedWeb'): it is not a key of CONFIG_MAPPING "
        "at decba1d2; only models/falcon/convert_custom_code_checkpoint.py rewrites it to 'falcon'. The error above "
        "is the one AutoConfig.from_pretrained raises for an unknown model_type. This file also has auto_map "
        "AutoConfig='configuration_RW.RWConfig' (hub custom code), so AutoConfig first asks for "
        "trust_remote_code=True (ValueError '... contains custom code which must be executed ...' when not given, "
        "dynamic_module_utils.resolve_trust_remote_code); with it, the hub's own RWConfig runs, which is not "
        "transformers code and has no rope_parameters.",
    ],
    "gpt-j-6b.json": [
        "GPTJConfig has no rope_parameters field: transformers never standardizes RoPE for GPT-J. modeling_gptj.py "
        "create_sinusoidal_positions hard-codes base 10000 and uses dim = rotary_dim (64 of head_dim 256); there is no "
        "attention_scaling (1.0 here). rope_type/rope_theta in 'rope' describe that fixed formula.",
    ],
    "olmo-3.1-32b-instruct.json": [
        "Olmo3Config.convert_rope_params_to_dict pops rope_theta for full_attention, so sliding_attention gets "
        "Olmo3Config.default_theta (500000.0) whatever the JSON says (here the same value).",
        "yarn `truncate` is read from the top-level rope_parameters, which is nested here: always True.",
    ],
    "phi-1.json": [
        "PhiConfig.__post_init__ kwargs.setdefault('partial_rotary_factor', 0.5); the JSON key rotary_dim is unknown "
        "to PhiConfig and unused.",
    ],
    "command-r7b.json": [
        "Cohere2: RoPE only on sliding_attention layers (Cohere2Attention applies it iff sliding_window is set); "
        "head_dim forced to hidden_size // num_attention_heads; JSON keys rotary_pct, position_embedding_type are "
        "unused by Cohere2Config.",
    ],
    "deepseek-v3.json": [
        "DeepseekV3Config.__post_init__ sets head_dim = qk_rope_head_dim (64). The yarn mscale^2 softmax factor "
        "(modeling_deepseek_v3.yarn_apply_mscale) is an attention-scale quantity, not part of attention_scaling.",
    ],
    "qwen2.5-vl-7b-instruct.json": [
        "rope_scaling type 'mrope' becomes rope_type 'default' (Qwen2_5_VLTextConfig.convert_rope_params_to_dict); "
        "the leftover 'type': 'mrope' stays in rope_parameters.",
    ],
    "qwen2-vl-7b-instruct.json": [
        "rope_scaling type 'mrope' becomes rope_type 'default' (Qwen2VLTextConfig.convert_rope_params_to_dict); "
        "the leftover 'type': 'mrope' stays in rope_parameters.",
    ],
    "phi-3-mini-128k-instruct.json": [
        "Legacy rope_scaling type 'su'. Phi3Config.convert_rope_params_to_dict calls standardize_rope_params() before "
        "renaming 'su' to 'longrope', and 'su' is not in ['llama3', 'yarn', 'longrope'], so "
        "original_max_position_embeddings is never put into the dict; validate_rope (run by @strict after __init__) "
        "then finds it missing for 'longrope' and raises KeyError, which @strict does not wrap. So transformers v5 "
        "cannot load this file (notes §5.8, §11.8).",
    ],
    "phi-4-mini-instruct.json": [
        "Top-level partial_rotary_factor 0.75 (not a Phi3Config field) reaches rope_parameters via kwargs.get in "
        "Phi3Config.convert_rope_params_to_dict: 96 of 128 head dims rotate, 48 factors.",
    ],
    "qwen3-dflash-draft-yarn.json": [
        "A DFlash draft model: auto_map has only AutoModel (hub custom code dflash.DFlashDraftModel), so the config "
        "is plain Qwen3Config; the values are those of transformers' own Qwen3RotaryEmbedding for it (the custom "
        "model code is not transformers).",
    ],
    "mmbert-small.json": [
        "The JSON has both a v5 rope_parameters (kept: setdefault) and legacy global/local_rope_theta (popped, "
        "unused).",
    ],
}


def twin_of(config_dict, record, text_class):
    """The v5 form of a legacy config.json: in the text config, the keys convert_rope_params_to_dict pops are removed
    and the standardized rope_parameters is put in (where the first removed key or an old rope_parameters was, else
    at the end). Everything else is kept as it is (e.g. phi's top-level partial_rotary_factor, which v5 reads with
    kwargs.get and keeps as an attribute; phi3's original_max_position_embeddings, a field)."""
    twin = copy.deepcopy(config_dict)
    text_key = "text_config" if isinstance(twin.get("text_config"), dict) else None
    text = twin[text_key] if text_key else twin  # flat layout (Qwen2-VL, Qwen2.5-VL): the top level is the text config
    drop = set(text_class.LEGACY_ROPE_KEYS) | {"rope_parameters"}
    rebuilt, placed = {}, False
    for key, value in text.items():
        if key in drop:
            if not placed:
                rebuilt["rope_parameters"] = copy.deepcopy(record["rope_parameters"])
                placed = True
            continue
        rebuilt[key] = value
    if not placed:
        rebuilt["rope_parameters"] = copy.deepcopy(record["rope_parameters"])
    if text_key:
        twin[text_key] = rebuilt
        return twin
    return rebuilt


def same_numbers(a, b):
    keys = ("model_type", "head_dim", "rotary_dims", "layer_types", "nope_layer_kinds", "rope_parameters", "rope",
            "mrope_section", "warnings")
    return [k for k in keys if a.get(k) != b.get(k)]


def main():
    names = sorted(os.path.basename(p) for p in glob.glob(os.path.join(CONFIGS, "*.json")))
    assert len(names) >= 31, names
    os.makedirs(V5, exist_ok=True)
    configs, twins, errors = {}, {}, set()
    for name in names:
        with open(os.path.join(CONFIGS, name)) as f:
            config_dict = json.load(f)
        record, text = load(config_dict)
        if name in NOTES:
            record["notes"] = NOTES[name]
        configs[name] = record
        if "error" in record:
            errors.add(name)
            twins["v5/" + name] = dict(skipped="transformers v5 cannot load " + name + " (see its error), so it has "
                                       "no v5 form; no twin is written")
            print(f"error {name}: {record['error'].splitlines()[0]}")
            continue
        if text.ROTARY == "gptj":
            twins["v5/" + name] = dict(skipped="GPTJConfig has no rope_parameters field (models/gptj/"
                                       "configuration_gptj.py): v5 stores no rope_parameters for GPT-J (base 10000 "
                                       "and rotary_dim are fixed in modeling_gptj.py), so no twin is written")
            print(f"skip  v5/{name}: GPT-J has no rope_parameters")
            continue
        twin = twin_of(config_dict, record, type(text))
        with open(os.path.join(V5, name), "w") as f:
            json.dump(twin, f, indent=2, ensure_ascii=False)
            f.write("\n")
        twin_record, _ = load(twin)
        assert "error" not in twin_record, (name, twin_record)
        if name in NOTES:
            twin_record["notes"] = NOTES[name]
        differ = same_numbers(record, twin_record)
        assert not differ, (name, differ)
        twins["v5/" + name] = twin_record
        kinds = ", ".join(f"{k}: " + ("NoPE" if v is None else f"{v['rope_type']} x{v['rotary_dims']}")
                          for k, v in record["rope"].items())
        print(f"ok    v5/{name}: same numbers as the legacy file ({record['model_type']}; {kinds})")
    assert errors == EXPECTED_ERRORS, errors
    configs.update(twins)
    for path in sorted(glob.glob(os.path.join(EDGE, "*.json"))):
        with open(path) as f:
            record, _ = load(json.load(f))
        configs["edge/" + os.path.basename(path)] = record
        print(f"edge  {os.path.basename(path)}: " + (record["error"].splitlines()[0] if "error" in record else
              ", ".join(f"{k}: " + ("NoPE" if v is None else f"{v['rope_type']} x{v['rotary_dims']} base {v['rope_theta']}")
                        for k, v in record["rope"].items())))
    golden = {
        "about": ABOUT,
        "source": f"transformers {COMMIT}",
        "generatedBy": "scripts/golden/rope_configs.py",
        "configs": configs,
    }
    with open(OUT, "w") as f:
        json.dump(golden, f, separators=(",", ":"))
        f.write("\n")
    print(os.path.relpath(OUT, ROOT), os.path.getsize(OUT), "bytes,", len(configs), "entries")


ABOUT = (
    "What transformers v5 (commit in 'source') does with each real config.json in tests/fixtures/configs and with "
    "its v5 twin in tests/fixtures/configs/v5 ('v5/<name>'): the text config it picks, the standardized "
    "rope_parameters it stores (= what save_pretrained would write; the v5 twin carries exactly this), and for each "
    "layer kind the rotary embedding it builds, in float64 (transformers: float32, so expect ~1e-7 relative "
    "differences from transformers itself; longrope factor lists are not rounded to float32 here). Per config: "
    "model_type (of the text config), head_dim (the one the RoPE functions use), rotary_dims (= 2 * len(inv_freq)), "
    "layer_types (the config's, given or generated; null when the config class has none), rope: {layer kind: "
    "{rope_type, rope_theta, head_dim, rotary_dims, inv_freq, attention_scaling, at_length?} or null for a kind "
    "without RoPE (also listed in nope_layer_kinds)}. Configs without layer_types have one kind, 'full_attention' "
    "(validate_rope files a flat dict under that name). shared_across_layer_kinds: one rotary embedding for all "
    "layers (flat rope_parameters) vs one per layer type (Gemma3, ModernBERT, OLMo3). inv_freq and "
    "attention_scaling are the values after the rotary embedding's __init__ (seq_len None). at_length (dynamic and "
    "longrope only): what dynamic_rope_update makes of them at 'length' positions (length = 2 x threshold: "
    "max_position_embeddings for dynamic, original_max_position_embeddings for longrope). mrope_section: "
    "Qwen-VL M-RoPE split of the inv_freq axis (temporal, height, width). warnings: the RoPE messages "
    "(those of RotaryEmbeddingConfigMixin's standardize/validate functions, PreTrainedConfig.__post_init__'s "
    "rope_scaling message, MistralConfig's layer_types message) one fresh process would log while loading the "
    "config, in order, as transformers formats them; other messages (e.g. validate_token_ids) are not listed. error: the exception transformers raises instead (then no numbers). skipped: no v5 twin, and why. "
    "notes: model quirks that matter for RoPE."
)


if __name__ == "__main__":
    main()
