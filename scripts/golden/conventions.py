#!/usr/bin/python3
"""Golden data for posenc's conventions: each framework's sinusoidal encoding, re-implemented
as its source writes it (same formula, same order of operations; the source file and function
are named above each twin), in float64, next to the posenc call that must reproduce it.

Run with Debian's python3 (numpy, torch):  /usr/bin/python3 scripts/golden/conventions.py
It writes tests/golden/conventions.json, which tests/js/conventions.test.js reads (CI needs no
Python). Frameworks that compute in float32 (torch, TF, MLX) are twinned in float64: their own
float32 output differs from the exact values by up to |angle| * 2^-24, which is the
framework's rounding, not a different convention.
"""
import json
import math
from pathlib import Path

import numpy as np
import torch

F64 = torch.float64


# --- pytorch/examples word_language_model/model.py, PositionalEncoding.__init__ ------------
def pytorch_examples(d_model, max_len):
    pe = torch.zeros(max_len, d_model, dtype=F64)
    position = torch.arange(0, max_len, dtype=F64).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d_model, 2, dtype=F64) * (-math.log(10000.0) / d_model))
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe.numpy()


# --- harvardnlp/annotated-transformer the_annotated_transformer.py, PositionalEncoding ------
def annotated_transformer(d_model, max_len):
    pe = torch.zeros(max_len, d_model, dtype=F64)
    position = torch.arange(0, max_len, dtype=F64).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d_model, 2, dtype=F64) * -(math.log(10000.0) / d_model))
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe.numpy()


# --- huggingface/transformers models/distilbert/modeling_distilbert.py (and models/xlm/
#     modeling_xlm.py): create_sinusoidal_embeddings(n_pos, dim, out) -------------------------
def create_sinusoidal_embeddings(n_pos, dim):
    position_enc = np.array([[pos / np.power(10000, 2 * (j // 2) / dim) for j in range(dim)] for pos in range(n_pos)])
    out = np.zeros((n_pos, dim))
    out[:, 0::2] = np.sin(position_enc[:, 0::2])
    out[:, 1::2] = np.cos(position_enc[:, 1::2])
    return out


# --- huggingface/transformers models/marian/modeling_marian.py,
#     MarianSinusoidalPositionalEmbedding._init_weight ----------------------------------------
def marian(n_pos, dim):
    position_enc = np.array([[pos / np.power(10000, 2 * (j // 2) / dim) for j in range(dim)] for pos in range(n_pos)])
    out = np.zeros((n_pos, dim))
    sentinel = dim // 2 if dim % 2 == 0 else (dim // 2) + 1
    out[:, 0:sentinel] = np.sin(position_enc[:, 0::2])
    out[:, sentinel:] = np.cos(position_enc[:, 1::2])
    return out


# --- keras-team/keras-hub keras_hub/src/layers/modeling/sine_position_encoding.py,
#     SinePositionEncoding.call (keras.ops is numpy here) ------------------------------------
def keras_hub(seq_length, hidden_size, max_wavelength=10000, start_index=0):
    positions = np.arange(seq_length)
    positions = (positions + start_index).astype(np.float64)
    min_freq = 1 / max_wavelength
    timescales = np.power(min_freq, (2 * (np.arange(hidden_size) // 2)).astype(np.float64) / hidden_size)
    angles = np.expand_dims(positions, 1) * np.expand_dims(timescales, 0)
    cos_mask = (np.arange(hidden_size) % 2).astype(np.float64)
    sin_mask = 1 - cos_mask
    return np.sin(angles) * sin_mask + np.cos(angles) * cos_mask


# --- tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py, get_timing_signal_1d
#     (tf ops as numpy) ----------------------------------------------------------------------
def get_timing_signal_1d(length, channels, min_timescale=1.0, max_timescale=1.0e4, start_index=0):
    position = (np.arange(length) + start_index).astype(np.float64)
    num_timescales = channels // 2
    log_timescale_increment = math.log(float(max_timescale) / float(min_timescale)) / max(float(num_timescales) - 1, 1)
    inv_timescales = min_timescale * np.exp(np.arange(num_timescales).astype(np.float64) * -log_timescale_increment)
    scaled_time = np.expand_dims(position, 1) * np.expand_dims(inv_timescales, 0)
    signal = np.concatenate([np.sin(scaled_time), np.cos(scaled_time)], axis=1)
    return np.pad(signal, [[0, 0], [0, channels % 2]])


# --- same file, add_timing_signal_1d_given_position (the signal only; positions [length]) ----
def timing_signal_given_position(position, channels, min_timescale=1.0, max_timescale=1.0e4):
    num_timescales = channels // 2
    log_timescale_increment = math.log(float(max_timescale) / float(min_timescale)) / (float(num_timescales) - 1)
    inv_timescales = min_timescale * np.exp(np.arange(num_timescales).astype(np.float64) * -log_timescale_increment)
    scaled_time = np.expand_dims(np.asarray(position, np.float64), 1) * np.expand_dims(inv_timescales, 0)
    signal = np.concatenate([np.sin(scaled_time), np.cos(scaled_time)], axis=1)
    return np.pad(signal, [[0, 0], [0, channels % 2]])


# --- openai/whisper whisper/model.py, sinusoids -----------------------------------------------
def whisper_sinusoids(length, channels, max_timescale=10000):
    assert channels % 2 == 0
    log_timescale_increment = np.log(max_timescale) / (channels // 2 - 1)
    inv_timescales = torch.exp(-log_timescale_increment * torch.arange(channels // 2, dtype=F64))
    scaled_time = torch.arange(length, dtype=F64)[:, np.newaxis] * inv_timescales[np.newaxis, :]
    return torch.cat([torch.sin(scaled_time), torch.cos(scaled_time)], dim=1).numpy()


# --- google/flax examples/wmt/models.py (and examples/lm1b), sinusoidal_init ------------------
def flax_sinusoidal_init(max_len, d_feature, min_scale=1.0, max_scale=10000.0):
    pe = np.zeros((max_len, d_feature), dtype=np.float64)
    position = np.arange(0, max_len)[:, np.newaxis]
    scale_factor = -np.log(max_scale / min_scale) / (d_feature // 2 - 1)
    div_term = min_scale * np.exp(np.arange(0, d_feature // 2) * scale_factor)
    pe[:, : d_feature // 2] = np.sin(position * div_term)
    pe[:, d_feature // 2 : 2 * (d_feature // 2)] = np.cos(position * div_term)
    return pe


# --- facebookresearch/fairseq fairseq/modules/sinusoidal_positional_embedding.py,
#     SinusoidalPositionalEmbedding.get_embedding (also transformers models/fsmt) ---------------
def fairseq_get_embedding(num_embeddings, embedding_dim, padding_idx=None):
    half_dim = embedding_dim // 2
    emb = math.log(10000) / (half_dim - 1)
    emb = torch.exp(torch.arange(half_dim, dtype=F64) * -emb)
    emb = torch.arange(num_embeddings, dtype=F64).unsqueeze(1) * emb.unsqueeze(0)
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=1).view(num_embeddings, -1)
    if embedding_dim % 2 == 1:
        emb = torch.cat([emb, torch.zeros(num_embeddings, 1, dtype=F64)], dim=1)
    if padding_idx is not None:
        emb[padding_idx, :] = 0
    return emb.numpy()


# --- tensorflow/text docs/tutorials/transformer.ipynb, positional_encoding (even depth: an odd
#     depth gives depth + 1 columns, which no dModel describes) --------------------------------
def tf_tutorial(length, depth):
    depth = depth / 2
    positions = np.arange(length)[:, np.newaxis]
    depths = np.arange(depth)[np.newaxis, :] / depth
    angle_rates = 1 / (10000**depths)
    angle_rads = positions * angle_rates
    return np.concatenate([np.sin(angle_rads), np.cos(angle_rads)], axis=-1)


# --- huggingface/diffusers src/diffusers/models/embeddings.py, get_1d_sincos_pos_embed_from_grid
def get_1d_sincos_pos_embed_from_grid(embed_dim, pos):
    omega = np.arange(embed_dim // 2, dtype=np.float64)
    omega /= embed_dim / 2.0
    omega = 1.0 / 10000**omega
    pos = np.asarray(pos, np.float64).reshape(-1)
    out = np.einsum("m,d->md", pos, omega)
    return np.concatenate([np.sin(out), np.cos(out)], axis=1)


# --- same file, get_timestep_embedding (torch; float64 twin of its float32 arange) -------------
def get_timestep_embedding(timesteps, embedding_dim, flip_sin_to_cos=False, downscale_freq_shift=1, scale=1, max_period=10000):
    timesteps = torch.tensor(timesteps, dtype=F64)
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(start=0, end=half_dim, dtype=F64)
    exponent = exponent / (half_dim - downscale_freq_shift)
    emb = torch.exp(exponent)
    emb = timesteps[:, None] * emb[None, :]
    emb = scale * emb
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
    if flip_sin_to_cos:
        emb = torch.cat([emb[:, half_dim:], emb[:, :half_dim]], dim=-1)
    if embedding_dim % 2 == 1:
        emb = torch.nn.functional.pad(emb, (0, 1, 0, 0))
    return emb.numpy()


# --- openai/guided-diffusion guided_diffusion/nn.py, timestep_embedding ------------------------
def guided_timestep_embedding(timesteps, dim, max_period=10000):
    timesteps = torch.tensor(timesteps, dtype=F64)
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(start=0, end=half, dtype=F64) / half)
    args = timesteps[:, None] * freqs[None]
    embedding = torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
    if dim % 2:
        embedding = torch.cat([embedding, torch.zeros_like(embedding[:, :1])], dim=-1)
    return embedding.numpy()


# --- ml-explore/mlx python/mlx/nn/layers/positional_encoding.py, SinusoidalPositionalEncoding
#     (__init__ and __call__; mx as numpy) ------------------------------------------------------
def mlx_sinusoidal(x, dims, min_freq=0.0001, max_freq=1, scale=None, cos_first=False, full_turns=False):
    one_zero = 1 - np.arange(0, dims // 2) / (dims // 2 - 1)
    min_freq = math.log(min_freq)
    max_freq = math.log(max_freq)
    sigmas = np.exp(one_zero * (max_freq - min_freq) + min_freq)
    if full_turns:
        sigmas = sigmas * (2 * math.pi)
    scale = scale or (2 / dims) ** 0.5
    y = np.asarray(x, np.float64)[..., None] * sigmas
    cosy, siny = np.cos(y), np.sin(y)
    y = np.concatenate([cosy, siny], axis=-1) if cos_first else np.concatenate([siny, cosy], axis=-1)
    if scale != 1:
        y = y * scale
    return y


TIMESTEPS = [0, 1, 17.5, 999, 0.25]  # fractional, as diffusion samplers pass them
PAD = 1  # fairseq's padding_idx in the cases below


def rows(length, d_model, convention=None, **options):
    """The posenc call encoding(length, dModel, options)."""
    return {"length": length, "dModel": d_model, "options": {"convention": convention, **options} if convention else options}


def at(positions, d_model, convention, **options):
    """The posenc call encoding(positions, dModel, options)."""
    return {"positions": [float(p) for p in positions], "dModel": d_model, "options": {"convention": convention, **options}}


# The framework functions: framework, function (file under its repository).
PYTORCH = ("PyTorch examples", "PositionalEncoding (word_language_model/model.py)")
ANNOTATED = ("Annotated Transformer", "PositionalEncoding (the_annotated_transformer.py)")
DISTILBERT = ("HF DistilBERT", "create_sinusoidal_embeddings (models/distilbert/modeling_distilbert.py)")
XLM = ("HF XLM", "create_sinusoidal_embeddings (models/xlm/modeling_xlm.py)")
KERAS = ("keras-hub", "SinePositionEncoding.call (layers/modeling/sine_position_encoding.py)")
T2T = ("tensor2tensor", "get_timing_signal_1d (layers/common_attention.py)")
T2T_GIVEN = ("tensor2tensor", "add_timing_signal_1d_given_position (layers/common_attention.py)")
WHISPER = ("Whisper", "sinusoids (whisper/model.py)")
FLAX = ("flax", "sinusoidal_init (examples/wmt/models.py)")
FAIRSEQ = ("fairseq", "SinusoidalPositionalEmbedding.get_embedding (modules/sinusoidal_positional_embedding.py)")
FSMT = ("HF FSMT", "SinusoidalPositionalEmbedding.get_embedding (models/fsmt/modeling_fsmt.py)")
MARIAN = ("HF Marian", "MarianSinusoidalPositionalEmbedding._init_weight (models/marian/modeling_marian.py)")
TF_TUTORIAL = ("TensorFlow tutorial", "positional_encoding (text/tutorials/transformer)")
GRID = ("diffusers", "get_1d_sincos_pos_embed_from_grid (models/embeddings.py)")
TIMESTEP = ("diffusers", "get_timestep_embedding (models/embeddings.py)")
SD = ("diffusers", "Timesteps(flip_sin_to_cos=True, downscale_freq_shift=0) (models/embeddings.py)")
DIT = ("diffusers", "Timesteps(256, flip_sin_to_cos=True, downscale_freq_shift=1) (models/embeddings.py)")
GUIDED = ("guided-diffusion", "timestep_embedding (guided_diffusion/nn.py)")
MLX = ("MLX", "SinusoidalPositionalEncoding (python/mlx/nn/layers/positional_encoding.py)")

GRID_POSITIONS = np.arange(3, dtype=np.float64) / (3 / 2)  # a grid of 3 at base_size 2

# id, framework function, its arguments, the posenc call, the framework's rows
CASES = [
    ("pytorch-examples", PYTORCH, "d_model=8", rows(4, 8), pytorch_examples(8, 4)),
    ("annotated-transformer", ANNOTATED, "d_model=6", rows(4, 6, "paper"), annotated_transformer(6, 4)),
    ("distilbert", DISTILBERT, "n_pos=4, dim=8", rows(4, 8, "paper"), create_sinusoidal_embeddings(4, 8)),
    ("distilbert-odd", DISTILBERT, "n_pos=4, dim=7", rows(4, 7, "paper"), create_sinusoidal_embeddings(4, 7)),
    ("xlm", XLM, "n_pos=3, dim=10", rows(3, 10, "paper"), create_sinusoidal_embeddings(3, 10)),
    ("keras-hub", KERAS, "max_wavelength=500, start_index=3, hidden 8", rows(4, 8, "paper", base=500, start=3), keras_hub(4, 8, 500, 3)),
    ("keras-hub-odd", KERAS, "hidden 9", rows(3, 9, "paper"), keras_hub(3, 9)),
    ("t2t", T2T, "length=4, channels=8, start_index=2", rows(4, 8, "tensor2tensor", start=2), get_timing_signal_1d(4, 8, start_index=2)),
    ("t2t-odd", T2T, "channels=9", rows(3, 9, "tensor2tensor"), get_timing_signal_1d(3, 9)),
    ("t2t-timescales", T2T, "channels=8, min_timescale=2, max_timescale=1e4",
     rows(3, 8, "tensor2tensor", base=5000, angleScale=2), get_timing_signal_1d(3, 8, 2.0, 1.0e4)),
    ("t2t-d2", T2T, "channels=2 (max(num_timescales − 1, 1))", rows(3, 2, "tensor2tensor"), get_timing_signal_1d(3, 2)),
    ("t2t-given-position", T2T_GIVEN, "position=[5, 0, 2.5, 40], channels=8",
     at([5, 0, 2.5, 40], 8, "tensor2tensor"), timing_signal_given_position([5, 0, 2.5, 40], 8)),
    ("whisper", WHISPER, "length=4, channels=8", rows(4, 8, "tensor2tensor"), whisper_sinusoids(4, 8)),
    ("flax", FLAX, "max_len=4, d_feature=8", rows(4, 8, "tensor2tensor"), flax_sinusoidal_init(4, 8)),
    ("flax-odd-scales", FLAX, "d_feature=9, min_scale=0.5, max_scale=1000",
     rows(3, 9, "tensor2tensor", base=2000, angleScale=0.5), flax_sinusoidal_init(3, 9, 0.5, 1000.0)),
    ("fairseq", FAIRSEQ, f"num_embeddings=6, embedding_dim=8, padding_idx={PAD}: rows padding_idx+1…",
     rows(4, 8, "fairseq", start=PAD + 1), fairseq_get_embedding(6, 8, PAD)[PAD + 1:]),
    ("fairseq-odd", FAIRSEQ, f"embedding_dim=9, padding_idx={PAD}", rows(3, 9, "fairseq", start=PAD + 1), fairseq_get_embedding(5, 9, PAD)[PAD + 1:]),
    ("fsmt", FSMT, "embedding_dim=6, padding_idx=None", rows(3, 6, "fairseq"), fairseq_get_embedding(3, 6)),
    ("marian", MARIAN, "n_pos=4, dim=8", rows(4, 8, "tf-tutorial"), marian(4, 8)),
    ("marian-odd", MARIAN, "n_pos=3, dim=7", rows(3, 7, "tf-tutorial"), marian(3, 7)),
    ("tf-tutorial", TF_TUTORIAL, "length=4, depth=8", rows(4, 8, "tf-tutorial"), tf_tutorial(4, 8)),
    ("diffusers-grid", GRID, "embed_dim=8, pos=arange(3)/(3/2) (a grid at base_size 2)",
     at(GRID_POSITIONS, 8, "tf-tutorial"), get_1d_sincos_pos_embed_from_grid(8, GRID_POSITIONS)),
    ("diffusers", TIMESTEP, "embedding_dim=8, defaults", at(TIMESTEPS, 8, "diffusers"), get_timestep_embedding(TIMESTEPS, 8)),
    ("diffusers-odd", TIMESTEP, "embedding_dim=9, defaults", at(TIMESTEPS, 9, "diffusers"), get_timestep_embedding(TIMESTEPS, 9)),
    ("stable-diffusion", SD, "embedding_dim=8", at(TIMESTEPS, 8, "stable-diffusion"), get_timestep_embedding(TIMESTEPS, 8, True, 0)),
    ("stable-diffusion-odd", SD, "embedding_dim=7", at(TIMESTEPS, 7, "stable-diffusion"), get_timestep_embedding(TIMESTEPS, 7, True, 0)),
    ("dit", DIT, "embedding_dim=8", at(TIMESTEPS, 8, "dit"), get_timestep_embedding(TIMESTEPS, 8, True, 1)),
    ("diffusers-scale", TIMESTEP, "scale=1000, max_period=5000, t in [0, 1] (AuraFlow-style)",
     at([0, 0.001, 0.5, 0.875], 8, "diffusers", angleScale=1000, base=5000),
     get_timestep_embedding([0, 0.001, 0.5, 0.875], 8, scale=1000, max_period=5000)),
    ("diffusers-shift", TIMESTEP, "downscale_freq_shift=0.5, embedding_dim=8: paper spacing, base = 10000^(h/(h − 0.5))",
     at(TIMESTEPS, 8, "diffusers", spacing="paper", base=10000 ** (4 / 3.5)), get_timestep_embedding(TIMESTEPS, 8, downscale_freq_shift=0.5)),
    ("guided-diffusion", GUIDED, "dim=8", at(TIMESTEPS, 8, "guided-diffusion"), guided_timestep_embedding(TIMESTEPS, 8)),
    ("guided-diffusion-odd", GUIDED, "dim=9, max_period=1000", at(TIMESTEPS, 9, "guided-diffusion", base=1000), guided_timestep_embedding(TIMESTEPS, 9, 1000)),
    ("mlx", MLX, "dims=8, defaults", at([0, 1, 2.5, 100], 8, "mlx"), mlx_sinusoidal([0, 1, 2.5, 100], 8)),
    ("mlx-cos-first-turns", MLX, "dims=8, cos_first=True, full_turns=True",
     at([0, 0.25, 1.5], 8, "mlx", order="cos-sin", angleScale=2 * math.pi), mlx_sinusoidal([0, 0.25, 1.5], 8, cos_first=True, full_turns=True)),
    ("mlx-freqs-scale", MLX, "dims=6, min_freq=0.001, max_freq=0.5, scale=1",
     at([0, 3, 7.5], 6, "mlx", base=500, angleScale=0.5, amplitude=1), mlx_sinusoidal([0, 3, 7.5], 6, 0.001, 0.5, scale=1)),
]


def main():
    cases = []
    for case_id, (framework, function), args, call, values in CASES:
        values = np.asarray(values, np.float64)
        count = len(call["positions"]) if "positions" in call else call["length"]
        assert values.shape == (count, call["dModel"]), (case_id, values.shape)
        cases.append({"id": case_id, "framework": framework, "function": function, "arguments": args,
                      "posenc": call, "values": [float(v) for v in values.reshape(-1)]})
    out = Path(__file__).resolve().parents[2] / "tests" / "golden" / "conventions.json"
    out.write_text(json.dumps({"generatedBy": "scripts/golden/conventions.py", "cases": cases}, indent=1) + "\n")
    print(f"{len(cases)} cases written to {out}")


if __name__ == "__main__":
    main()
