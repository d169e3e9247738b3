"""Reference values for images and video (tests/golden/vision.json), run with Debian's python3, numpy 1.24 and
python3-torch 1.13: /usr/bin/python3 scripts/golden/vision.py

What the frameworks compute, with their own code where the licence allows it:
  diffusers (Apache-2.0) get_2d/3d_sincos_pos_embed (torch and numpy paths), PatchEmbed (SD3 crop),
    CogVideoXPatchEmbed, get_1d_rotary_pos_embed, apply_rotary_emb, FluxPosEmbed, FluxPipeline's latent ids;
  EVA-02 (MIT) VisionRotaryEmbeddingFast, checked against timm's (Apache-2.0) RotaryEmbeddingCat;
  transformers (Apache-2.0) Qwen2-VL / Qwen2.5-VL: the vision tower's rotary embedding, the LLM's M-RoPE and
    get_rope_index, at main decba1d2 and at the older main 4542b8fb (4.50/4.51.dev0).
Those are copied verbatim under a comment "<repository> <path> @ <commit>", changed only where a comment says
(torch 1.13 / numpy 1.24 gaps: no nn.Buffer, no einops, no transformers/diffusers helper modules).
MAE, AudioMAE and DiT are CC BY-NC 4.0: their code is NOT copied here. `sincos_1d` and `mae_table` below are an
independent re-implementation of the same numpy operations (float32 grid coordinates, float64 frequencies, one
float64 product per angle), checked once against those files outside the repository (bit-identical tables).

Float64 "expected" values come from the same code run in float64 (each float64 twin is asserted to give the
float32 path bit for bit when run in float32); "expected32" is the model's own float32 arithmetic. Inputs are
float32 in shortest form. Research notes with every copied source: /work/notes/issue38-sources.md (§ in the
section headings).
CI only reads the JSON; rerun this after changing a case.
"""
from __future__ import annotations  # the copied signatures name classes this script does not define

import itertools
import json
import math
import os
from math import pi  # EVA-02 rope.py's import
from types import SimpleNamespace
from typing import Callable, List, Optional, Tuple, Union

import numpy as np
import torch
from torch import nn

from qwen_rope2d import get_rope_index_2, get_rope_index_25

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CONFIGS = os.path.join(ROOT, "tests", "fixtures", "configs")
OUT = os.path.join(ROOT, "tests", "golden", "vision.json")

DIFFUSERS = "58eb52c0803ea9af3abec60841c2a093bdf1f951"
TRANSFORMERS = "decba1d2ea4ed3cbf0495d1828abad4b2dba1846"
TRANSFORMERS_OLD = "4542b8fb271be54d9235ac7a899c6aab2101612f"
EVA = "5623d08bb08a8268c7bc18e1d9b8b4bd651fe4d9"
TIMM = "aa4b5850c1543fa488abf260f18390eda46cf85d"
MAE = "efb2a8062c206524e35e47d04501ed4f544c0ae8"
AUDIOMAE = "bd60e29651285f80d32a6405082835ad26e6f19f"
DIT = "ed81ce2229091fd4ecc9a223645f95cf379d582b"

SOURCES = {
    "mae": f"facebookresearch/mae@{MAE} util/pos_embed.py (CC BY-NC 4.0: re-implemented, not copied)",
    "audiomae": f"facebookresearch/AudioMAE@{AUDIOMAE} util/pos_embed.py, util/patch_embed.py (CC BY-NC 4.0: "
                "re-implemented, not copied)",
    "dit": f"facebookresearch/DiT@{DIT} models.py (CC BY-NC 4.0; MAE's functions with np.float64)",
    "diffusers": f"huggingface/diffusers@{DIFFUSERS} src/diffusers/models/embeddings.py",
    "diffusers-flux": f"huggingface/diffusers@{DIFFUSERS} src/diffusers/models/transformers/transformer_flux.py, "
                      "src/diffusers/pipelines/flux/pipeline_flux.py",
    "eva": f"baaivision/EVA@{EVA} EVA-02/asuka/rope.py",
    "timm": f"huggingface/pytorch-image-models@{TIMM} timm/layers/pos_embed_sincos.py",
    "transformers": f"huggingface/transformers@{TRANSFORMERS} src/transformers/models/qwen2_vl/modeling_qwen2_vl.py, "
                    "src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py, src/transformers/vision_utils.py",
    "transformers-old": f"huggingface/transformers@{TRANSFORMERS_OLD} src/transformers/models/qwen2_vl/"
                        "modeling_qwen2_vl.py, src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py",
    "qwen": "QwenLM/Qwen3-VL@d2709b2dde98ddde49de979019b2670fb11b81ad qwen-vl-finetune/qwenvl/data/rope2d.py "
            "(get_rope_index_2, get_rope_index_25: scripts/golden/qwen_rope2d.py)",
}


# --- stand-ins for the frameworks' helper modules (notes §7) ------------------------------------------------------

def deprecate(*args, **kwargs):
    """diffusers.utils.deprecate: a no-op here. At diffusers HEAD (0.40.0.dev0) the numpy path's call raises
    (removal version 0.33.0 passed), so HEAD only runs output_type="pt"; the numpy path is used as a cross-check."""


def deprecate_kwarg(*args, **kwargs):
    """transformers.utils.deprecation.deprecate_kwarg: identity decorator here."""
    return lambda function: function


def maybe_autocast(device_type, enabled):
    """transformers' maybe_autocast: torch.autocast exists in torch 1.13."""
    return torch.autocast(device_type=device_type, enabled=enabled)


ROPE_INIT_FUNCTIONS = {}  # only rope_type "default" is used (Qwen2-VL's "mrope" configs load as "default")


# --- MAE / AudioMAE / DiT: independent re-implementation (no code copied; notes §1) --------------------------------

def sincos_1d(dim, positions):
    """One axis of MAE's table: [sin(p·ω_k) for k < dim/2 | cos(p·ω_k) for k < dim/2], ω_k = 1/10000^(k/(dim/2))
    computed in float64, p the float32 grid coordinate; each angle is one float64 product (MAE's einsum of a
    float32 and a float64 vector), then float64 sin and cos."""
    half = dim // 2
    omega = 1.0 / np.power(10000.0, np.arange(half, dtype=np.float64) / half)
    angles = np.multiply.outer(np.ravel(positions).astype(np.float64), omega)
    return np.concatenate([np.sin(angles), np.cos(angles)], axis=1)


def mae_table(rows, cols, dim, cls_token=False):
    """MAE's get_2d_sincos_pos_embed (rows = cols) and AudioMAE's get_2d_sincos_pos_embed_flexible
    (grid_size = (rows, cols)): token n = i·cols + j; its first dim/2 channels encode the column j (the half MAE's
    code names emb_h: meshgrid(grid_w, grid_h) puts the column index in grid[0]), the last dim/2 the row i;
    with cls_token one zero row first. float64."""
    i, j = np.divmod(np.arange(rows * cols), cols)
    table = np.concatenate([sincos_1d(dim // 2, j.astype(np.float32)), sincos_1d(dim // 2, i.astype(np.float32))],
                           axis=1)
    if cls_token:
        table = np.concatenate([np.zeros((1, dim)), table], axis=0)
    return table


# --- diffusers (Apache-2.0; notes §2) -----------------------------------------------------------------------------

# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def get_3d_sincos_pos_embed(
    embed_dim: int,
    spatial_size: int | tuple[int, int],
    temporal_size: int,
    spatial_interpolation_scale: float = 1.0,
    temporal_interpolation_scale: float = 1.0,
    device: torch.device | None = None,
    output_type: str = "np",
) -> torch.Tensor:
    r"""
    Creates 3D sinusoidal positional embeddings.

    Args:
        embed_dim (`int`):
            The embedding dimension of inputs. It must be divisible by 16.
        spatial_size (`int` or `tuple[int, int]`):
            The spatial dimension of positional embeddings. If an integer is provided, the same size is applied to both
            spatial dimensions (height and width).
        temporal_size (`int`):
            The temporal dimension of positional embeddings (number of frames).
        spatial_interpolation_scale (`float`, defaults to 1.0):
            Scale factor for spatial grid interpolation.
        temporal_interpolation_scale (`float`, defaults to 1.0):
            Scale factor for temporal grid interpolation.

    Returns:
        `torch.Tensor`:
            The 3D sinusoidal positional embeddings of shape `[temporal_size, spatial_size[0] * spatial_size[1],
            embed_dim]`.
    """
    if output_type == "np":
        return _get_3d_sincos_pos_embed_np(
            embed_dim=embed_dim,
            spatial_size=spatial_size,
            temporal_size=temporal_size,
            spatial_interpolation_scale=spatial_interpolation_scale,
            temporal_interpolation_scale=temporal_interpolation_scale,
        )
    if embed_dim % 4 != 0:
        raise ValueError("`embed_dim` must be divisible by 4")
    if isinstance(spatial_size, int):
        spatial_size = (spatial_size, spatial_size)

    embed_dim_spatial = 3 * embed_dim // 4
    embed_dim_temporal = embed_dim // 4

    # 1. Spatial
    grid_h = torch.arange(spatial_size[1], device=device, dtype=torch.float32) / spatial_interpolation_scale
    grid_w = torch.arange(spatial_size[0], device=device, dtype=torch.float32) / spatial_interpolation_scale
    grid = torch.meshgrid(grid_w, grid_h, indexing="xy")  # here w goes first
    grid = torch.stack(grid, dim=0)

    grid = grid.reshape([2, 1, spatial_size[1], spatial_size[0]])
    pos_embed_spatial = get_2d_sincos_pos_embed_from_grid(embed_dim_spatial, grid, output_type="pt")

    # 2. Temporal
    grid_t = torch.arange(temporal_size, device=device, dtype=torch.float32) / temporal_interpolation_scale
    pos_embed_temporal = get_1d_sincos_pos_embed_from_grid(embed_dim_temporal, grid_t, output_type="pt")

    # 3. Concat
    pos_embed_spatial = pos_embed_spatial[None, :, :]
    pos_embed_spatial = pos_embed_spatial.repeat_interleave(
        temporal_size, dim=0, output_size=pos_embed_spatial.shape[0] * temporal_size
    )  # [T, H*W, D // 4 * 3]

    pos_embed_temporal = pos_embed_temporal[:, None, :]
    pos_embed_temporal = pos_embed_temporal.repeat_interleave(
        spatial_size[0] * spatial_size[1], dim=1
    )  # [T, H*W, D // 4]

    pos_embed = torch.concat([pos_embed_temporal, pos_embed_spatial], dim=-1)  # [T, H*W, D]
    return pos_embed


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def _get_3d_sincos_pos_embed_np(
    embed_dim: int,
    spatial_size: int | tuple[int, int],
    temporal_size: int,
    spatial_interpolation_scale: float = 1.0,
    temporal_interpolation_scale: float = 1.0,
) -> np.ndarray:
    r"""
    Creates 3D sinusoidal positional embeddings.

    Args:
        embed_dim (`int`):
            The embedding dimension of inputs. It must be divisible by 16.
        spatial_size (`int` or `tuple[int, int]`):
            The spatial dimension of positional embeddings. If an integer is provided, the same size is applied to both
            spatial dimensions (height and width).
        temporal_size (`int`):
            The temporal dimension of positional embeddings (number of frames).
        spatial_interpolation_scale (`float`, defaults to 1.0):
            Scale factor for spatial grid interpolation.
        temporal_interpolation_scale (`float`, defaults to 1.0):
            Scale factor for temporal grid interpolation.

    Returns:
        `np.ndarray`:
            The 3D sinusoidal positional embeddings of shape `[temporal_size, spatial_size[0] * spatial_size[1],
            embed_dim]`.
    """
    deprecation_message = (
        "`get_3d_sincos_pos_embed` uses `torch` and supports `device`."
        " `from_numpy` is no longer required."
        "  Pass `output_type='pt' to use the new version now."
    )
    deprecate("output_type=='np'", "0.33.0", deprecation_message, standard_warn=False)
    if embed_dim % 4 != 0:
        raise ValueError("`embed_dim` must be divisible by 4")
    if isinstance(spatial_size, int):
        spatial_size = (spatial_size, spatial_size)

    embed_dim_spatial = 3 * embed_dim // 4
    embed_dim_temporal = embed_dim // 4

    # 1. Spatial
    grid_h = np.arange(spatial_size[1], dtype=np.float32) / spatial_interpolation_scale
    grid_w = np.arange(spatial_size[0], dtype=np.float32) / spatial_interpolation_scale
    grid = np.meshgrid(grid_w, grid_h)  # here w goes first
    grid = np.stack(grid, axis=0)

    grid = grid.reshape([2, 1, spatial_size[1], spatial_size[0]])
    pos_embed_spatial = get_2d_sincos_pos_embed_from_grid(embed_dim_spatial, grid)

    # 2. Temporal
    grid_t = np.arange(temporal_size, dtype=np.float32) / temporal_interpolation_scale
    pos_embed_temporal = get_1d_sincos_pos_embed_from_grid(embed_dim_temporal, grid_t)

    # 3. Concat
    pos_embed_spatial = pos_embed_spatial[np.newaxis, :, :]
    pos_embed_spatial = np.repeat(pos_embed_spatial, temporal_size, axis=0)  # [T, H*W, D // 4 * 3]

    pos_embed_temporal = pos_embed_temporal[:, np.newaxis, :]
    pos_embed_temporal = np.repeat(pos_embed_temporal, spatial_size[0] * spatial_size[1], axis=1)  # [T, H*W, D // 4]

    pos_embed = np.concatenate([pos_embed_temporal, pos_embed_spatial], axis=-1)  # [T, H*W, D]
    return pos_embed


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def get_2d_sincos_pos_embed(
    embed_dim,
    grid_size,
    cls_token=False,
    extra_tokens=0,
    interpolation_scale=1.0,
    base_size=16,
    device: torch.device | None = None,
    output_type: str = "np",
):
    """
    Creates 2D sinusoidal positional embeddings.

    Args:
        embed_dim (`int`):
            The embedding dimension.
        grid_size (`int`):
            The size of the grid height and width.
        cls_token (`bool`, defaults to `False`):
            Whether or not to add a classification token.
        extra_tokens (`int`, defaults to `0`):
            The number of extra tokens to add.
        interpolation_scale (`float`, defaults to `1.0`):
            The scale of the interpolation.

    Returns:
        pos_embed (`torch.Tensor`):
            Shape is either `[grid_size * grid_size, embed_dim]` if not using cls_token, or `[1 + grid_size*grid_size,
            embed_dim]` if using cls_token
    """
    if output_type == "np":
        deprecation_message = (
            "`get_2d_sincos_pos_embed` uses `torch` and supports `device`."
            " `from_numpy` is no longer required."
            "  Pass `output_type='pt' to use the new version now."
        )
        deprecate("output_type=='np'", "0.33.0", deprecation_message, standard_warn=False)
        return get_2d_sincos_pos_embed_np(
            embed_dim=embed_dim,
            grid_size=grid_size,
            cls_token=cls_token,
            extra_tokens=extra_tokens,
            interpolation_scale=interpolation_scale,
            base_size=base_size,
        )
    if isinstance(grid_size, int):
        grid_size = (grid_size, grid_size)

    grid_h = (
        torch.arange(grid_size[0], device=device, dtype=torch.float32)
        / (grid_size[0] / base_size)
        / interpolation_scale
    )
    grid_w = (
        torch.arange(grid_size[1], device=device, dtype=torch.float32)
        / (grid_size[1] / base_size)
        / interpolation_scale
    )
    grid = torch.meshgrid(grid_w, grid_h, indexing="xy")  # here w goes first
    grid = torch.stack(grid, dim=0)

    grid = grid.reshape([2, 1, grid_size[1], grid_size[0]])
    pos_embed = get_2d_sincos_pos_embed_from_grid(embed_dim, grid, output_type=output_type)
    if cls_token and extra_tokens > 0:
        pos_embed = torch.concat([torch.zeros([extra_tokens, embed_dim]), pos_embed], dim=0)
    return pos_embed


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def get_2d_sincos_pos_embed_from_grid(embed_dim, grid, output_type="np"):
    r"""
    This function generates 2D sinusoidal positional embeddings from a grid.

    Args:
        embed_dim (`int`): The embedding dimension.
        grid (`torch.Tensor`): Grid of positions with shape `(H * W,)`.

    Returns:
        `torch.Tensor`: The 2D sinusoidal positional embeddings with shape `(H * W, embed_dim)`
    """
    if output_type == "np":
        deprecation_message = (
            "`get_2d_sincos_pos_embed_from_grid` uses `torch` and supports `device`."
            " `from_numpy` is no longer required."
            "  Pass `output_type='pt' to use the new version now."
        )
        deprecate("output_type=='np'", "0.33.0", deprecation_message, standard_warn=False)
        return get_2d_sincos_pos_embed_from_grid_np(
            embed_dim=embed_dim,
            grid=grid,
        )
    if embed_dim % 2 != 0:
        raise ValueError("embed_dim must be divisible by 2")

    # use half of dimensions to encode grid_h
    emb_h = get_1d_sincos_pos_embed_from_grid(embed_dim // 2, grid[0], output_type=output_type)  # (H*W, D/2)
    emb_w = get_1d_sincos_pos_embed_from_grid(embed_dim // 2, grid[1], output_type=output_type)  # (H*W, D/2)

    emb = torch.concat([emb_h, emb_w], dim=1)  # (H*W, D)
    return emb


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def get_1d_sincos_pos_embed_from_grid(embed_dim, pos, output_type="np", flip_sin_to_cos=False, dtype=None):
    """
    This function generates 1D positional embeddings from a grid.

    Args:
        embed_dim (`int`): The embedding dimension `D`
        pos (`torch.Tensor`): 1D tensor of positions with shape `(M,)`
        output_type (`str`, *optional*, defaults to `"np"`): Output type. Use `"pt"` for PyTorch tensors.
        flip_sin_to_cos (`bool`, *optional*, defaults to `False`): Whether to flip sine and cosine embeddings.
        dtype (`torch.dtype`, *optional*): Data type for frequency calculations. If `None`, defaults to
            `torch.float32` on MPS devices (which don't support `torch.float64`) and `torch.float64` on other devices.

    Returns:
        `torch.Tensor`: Sinusoidal positional embeddings of shape `(M, D)`.
    """
    if output_type == "np":
        deprecation_message = (
            "`get_1d_sincos_pos_embed_from_grid` uses `torch` and supports `device`."
            " `from_numpy` is no longer required."
            "  Pass `output_type='pt' to use the new version now."
        )
        deprecate("output_type=='np'", "0.34.0", deprecation_message, standard_warn=False)
        return get_1d_sincos_pos_embed_from_grid_np(embed_dim=embed_dim, pos=pos)
    if embed_dim % 2 != 0:
        raise ValueError("embed_dim must be divisible by 2")

    # Auto-detect appropriate dtype if not specified
    if dtype is None:
        dtype = maybe_adjust_dtype_for_device(torch.float64, pos.device)

    omega = torch.arange(embed_dim // 2, device=pos.device, dtype=dtype)
    omega /= embed_dim / 2.0
    omega = 1.0 / 10000**omega  # (D/2,)

    pos = pos.reshape(-1)  # (M,)
    out = torch.outer(pos, omega)  # (M, D/2), outer product

    emb_sin = torch.sin(out)  # (M, D/2)
    emb_cos = torch.cos(out)  # (M, D/2)

    emb = torch.concat([emb_sin, emb_cos], dim=1)  # (M, D)

    # flip sine and cosine embeddings
    if flip_sin_to_cos:
        emb = torch.cat([emb[:, embed_dim // 2 :], emb[:, : embed_dim // 2]], dim=1)

    return emb


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def get_2d_sincos_pos_embed_np(
    embed_dim, grid_size, cls_token=False, extra_tokens=0, interpolation_scale=1.0, base_size=16
):
    """
    Creates 2D sinusoidal positional embeddings.

    Args:
        embed_dim (`int`):
            The embedding dimension.
        grid_size (`int`):
            The size of the grid height and width.
        cls_token (`bool`, defaults to `False`):
            Whether or not to add a classification token.
        extra_tokens (`int`, defaults to `0`):
            The number of extra tokens to add.
        interpolation_scale (`float`, defaults to `1.0`):
            The scale of the interpolation.

    Returns:
        pos_embed (`np.ndarray`):
            Shape is either `[grid_size * grid_size, embed_dim]` if not using cls_token, or `[1 + grid_size*grid_size,
            embed_dim]` if using cls_token
    """
    if isinstance(grid_size, int):
        grid_size = (grid_size, grid_size)

    grid_h = np.arange(grid_size[0], dtype=np.float32) / (grid_size[0] / base_size) / interpolation_scale
    grid_w = np.arange(grid_size[1], dtype=np.float32) / (grid_size[1] / base_size) / interpolation_scale
    grid = np.meshgrid(grid_w, grid_h)  # here w goes first
    grid = np.stack(grid, axis=0)

    grid = grid.reshape([2, 1, grid_size[1], grid_size[0]])
    pos_embed = get_2d_sincos_pos_embed_from_grid_np(embed_dim, grid)
    if cls_token and extra_tokens > 0:
        pos_embed = np.concatenate([np.zeros([extra_tokens, embed_dim]), pos_embed], axis=0)
    return pos_embed


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def get_2d_sincos_pos_embed_from_grid_np(embed_dim, grid):
    r"""
    This function generates 2D sinusoidal positional embeddings from a grid.

    Args:
        embed_dim (`int`): The embedding dimension.
        grid (`np.ndarray`): Grid of positions with shape `(H * W,)`.

    Returns:
        `np.ndarray`: The 2D sinusoidal positional embeddings with shape `(H * W, embed_dim)`
    """
    if embed_dim % 2 != 0:
        raise ValueError("embed_dim must be divisible by 2")

    # use half of dimensions to encode grid_h
    emb_h = get_1d_sincos_pos_embed_from_grid_np(embed_dim // 2, grid[0])  # (H*W, D/2)
    emb_w = get_1d_sincos_pos_embed_from_grid_np(embed_dim // 2, grid[1])  # (H*W, D/2)

    emb = np.concatenate([emb_h, emb_w], axis=1)  # (H*W, D)
    return emb


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def get_1d_sincos_pos_embed_from_grid_np(embed_dim, pos):
    """
    This function generates 1D positional embeddings from a grid.

    Args:
        embed_dim (`int`): The embedding dimension `D`
        pos (`numpy.ndarray`): 1D tensor of positions with shape `(M,)`

    Returns:
        `numpy.ndarray`: Sinusoidal positional embeddings of shape `(M, D)`.
    """
    if embed_dim % 2 != 0:
        raise ValueError("embed_dim must be divisible by 2")

    omega = np.arange(embed_dim // 2, dtype=np.float64)
    omega /= embed_dim / 2.0
    omega = 1.0 / 10000**omega  # (D/2,)

    pos = pos.reshape(-1)  # (M,)
    out = np.einsum("m,d->md", pos, omega)  # (M, D/2), outer product

    emb_sin = np.sin(out)  # (M, D/2)
    emb_cos = np.cos(out)  # (M, D/2)

    emb = np.concatenate([emb_sin, emb_cos], axis=1)  # (M, D)
    return emb


# src/diffusers/utils/torch_utils.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951 (excerpt; these four lines are
# indented under a block there)
_FP64_UNSUPPORTED_DEVICES = frozenset({"mps", "npu", "neuron"})
_INT64_UNSUPPORTED_DEVICES = frozenset({"mps", "npu", "neuron"})
_DTYPE_DOWNCAST = {torch.float64: torch.float32, torch.int64: torch.int32}
_DTYPE_UNSUPPORTED_DEVICES = {torch.float64: _FP64_UNSUPPORTED_DEVICES, torch.int64: _INT64_UNSUPPORTED_DEVICES}


def maybe_adjust_dtype_for_device(dtype: "torch.dtype", device: "torch.device") -> "torch.dtype":
    unsupported = _DTYPE_UNSUPPORTED_DEVICES.get(dtype)
    return _DTYPE_DOWNCAST[dtype] if unsupported and device.type in unsupported else dtype


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
class PatchEmbed(nn.Module):
    """
    2D Image to Patch Embedding with support for SD3 cropping.

    Args:
        height (`int`, defaults to `224`): The height of the image.
        width (`int`, defaults to `224`): The width of the image.
        patch_size (`int`, defaults to `16`): The size of the patches.
        in_channels (`int`, defaults to `3`): The number of input channels.
        embed_dim (`int`, defaults to `768`): The output dimension of the embedding.
        layer_norm (`bool`, defaults to `False`): Whether or not to use layer normalization.
        flatten (`bool`, defaults to `True`): Whether or not to flatten the output.
        bias (`bool`, defaults to `True`): Whether or not to use bias.
        interpolation_scale (`float`, defaults to `1`): The scale of the interpolation.
        pos_embed_type (`str`, defaults to `"sincos"`): The type of positional embedding.
        pos_embed_max_size (`int`, defaults to `None`): The maximum size of the positional embedding.
    """

    def __init__(
        self,
        height=224,
        width=224,
        patch_size=16,
        in_channels=3,
        embed_dim=768,
        layer_norm=False,
        flatten=True,
        bias=True,
        interpolation_scale=1,
        pos_embed_type="sincos",
        pos_embed_max_size=None,  # For SD3 cropping
    ):
        super().__init__()

        num_patches = (height // patch_size) * (width // patch_size)
        self.flatten = flatten
        self.layer_norm = layer_norm
        self.pos_embed_max_size = pos_embed_max_size

        self.proj = nn.Conv2d(
            in_channels, embed_dim, kernel_size=(patch_size, patch_size), stride=patch_size, bias=bias
        )
        if layer_norm:
            self.norm = nn.LayerNorm(embed_dim, elementwise_affine=False, eps=1e-6)
        else:
            self.norm = None

        self.patch_size = patch_size
        self.height, self.width = height // patch_size, width // patch_size
        self.base_size = height // patch_size
        self.interpolation_scale = interpolation_scale

        # Calculate positional embeddings based on max size or default
        if pos_embed_max_size:
            grid_size = pos_embed_max_size
        else:
            grid_size = int(num_patches**0.5)

        if pos_embed_type is None:
            self.pos_embed = None
        elif pos_embed_type == "sincos":
            pos_embed = get_2d_sincos_pos_embed(
                embed_dim,
                grid_size,
                base_size=self.base_size,
                interpolation_scale=self.interpolation_scale,
                output_type="pt",
            )
            persistent = True if pos_embed_max_size else False
            self.register_buffer("pos_embed", pos_embed.float().unsqueeze(0), persistent=persistent)
        else:
            raise ValueError(f"Unsupported pos_embed_type: {pos_embed_type}")

    def cropped_pos_embed(self, height, width):
        """Crops positional embeddings for SD3 compatibility."""
        if self.pos_embed_max_size is None:
            raise ValueError("`pos_embed_max_size` must be set for cropping.")

        height = height // self.patch_size
        width = width // self.patch_size
        if height > self.pos_embed_max_size:
            raise ValueError(
                f"Height ({height}) cannot be greater than `pos_embed_max_size`: {self.pos_embed_max_size}."
            )
        if width > self.pos_embed_max_size:
            raise ValueError(
                f"Width ({width}) cannot be greater than `pos_embed_max_size`: {self.pos_embed_max_size}."
            )

        top = (self.pos_embed_max_size - height) // 2
        left = (self.pos_embed_max_size - width) // 2
        spatial_pos_embed = self.pos_embed.reshape(1, self.pos_embed_max_size, self.pos_embed_max_size, -1)
        spatial_pos_embed = spatial_pos_embed[:, top : top + height, left : left + width, :]
        spatial_pos_embed = spatial_pos_embed.reshape(1, -1, spatial_pos_embed.shape[-1])
        return spatial_pos_embed

    def forward(self, latent):
        if self.pos_embed_max_size is not None:
            height, width = latent.shape[-2:]
        else:
            height, width = latent.shape[-2] // self.patch_size, latent.shape[-1] // self.patch_size
        latent = self.proj(latent)
        if self.flatten:
            latent = latent.flatten(2).transpose(1, 2)  # BCHW -> BNC
        if self.layer_norm:
            latent = self.norm(latent)
        if self.pos_embed is None:
            return latent.to(latent.dtype)
        # Interpolate or crop positional embeddings as needed
        if self.pos_embed_max_size:
            pos_embed = self.cropped_pos_embed(height, width)
        else:
            if self.height != height or self.width != width:
                pos_embed = get_2d_sincos_pos_embed(
                    embed_dim=self.pos_embed.shape[-1],
                    grid_size=(height, width),
                    base_size=self.base_size,
                    interpolation_scale=self.interpolation_scale,
                    device=latent.device,
                    output_type="pt",
                )
                pos_embed = pos_embed.float().unsqueeze(0)
            else:
                pos_embed = self.pos_embed

        return (latent + pos_embed).to(latent.dtype)


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
class CogVideoXPatchEmbed(nn.Module):
    def __init__(
        self,
        patch_size: int = 2,
        patch_size_t: int | None = None,
        in_channels: int = 16,
        embed_dim: int = 1920,
        text_embed_dim: int = 4096,
        bias: bool = True,
        sample_width: int = 90,
        sample_height: int = 60,
        sample_frames: int = 49,
        temporal_compression_ratio: int = 4,
        max_text_seq_length: int = 226,
        spatial_interpolation_scale: float = 1.875,
        temporal_interpolation_scale: float = 1.0,
        use_positional_embeddings: bool = True,
        use_learned_positional_embeddings: bool = True,
    ) -> None:
        super().__init__()

        self.patch_size = patch_size
        self.patch_size_t = patch_size_t
        self.embed_dim = embed_dim
        self.sample_height = sample_height
        self.sample_width = sample_width
        self.sample_frames = sample_frames
        self.temporal_compression_ratio = temporal_compression_ratio
        self.max_text_seq_length = max_text_seq_length
        self.spatial_interpolation_scale = spatial_interpolation_scale
        self.temporal_interpolation_scale = temporal_interpolation_scale
        self.use_positional_embeddings = use_positional_embeddings
        self.use_learned_positional_embeddings = use_learned_positional_embeddings

        if patch_size_t is None:
            # CogVideoX 1.0 checkpoints
            self.proj = nn.Conv2d(
                in_channels, embed_dim, kernel_size=(patch_size, patch_size), stride=patch_size, bias=bias
            )
        else:
            # CogVideoX 1.5 checkpoints
            self.proj = nn.Linear(in_channels * patch_size * patch_size * patch_size_t, embed_dim)

        self.text_proj = nn.Linear(text_embed_dim, embed_dim)

        if use_positional_embeddings or use_learned_positional_embeddings:
            persistent = use_learned_positional_embeddings
            pos_embedding = self._get_positional_embeddings(sample_height, sample_width, sample_frames)
            self.register_buffer("pos_embedding", pos_embedding, persistent=persistent)

    def _get_positional_embeddings(
        self, sample_height: int, sample_width: int, sample_frames: int, device: torch.device | None = None
    ) -> torch.Tensor:
        post_patch_height = sample_height // self.patch_size
        post_patch_width = sample_width // self.patch_size
        post_time_compression_frames = (sample_frames - 1) // self.temporal_compression_ratio + 1
        num_patches = post_patch_height * post_patch_width * post_time_compression_frames

        pos_embedding = get_3d_sincos_pos_embed(
            self.embed_dim,
            (post_patch_width, post_patch_height),
            post_time_compression_frames,
            self.spatial_interpolation_scale,
            self.temporal_interpolation_scale,
            device=device,
            output_type="pt",
        )
        pos_embedding = pos_embedding.flatten(0, 1)
        joint_pos_embedding = pos_embedding.new_zeros(
            1, self.max_text_seq_length + num_patches, self.embed_dim, requires_grad=False
        )
        joint_pos_embedding.data[:, self.max_text_seq_length :].copy_(pos_embedding)

        return joint_pos_embedding

    def forward(self, text_embeds: torch.Tensor, image_embeds: torch.Tensor):
        r"""
        Args:
            text_embeds (`torch.Tensor`):
                Input text embeddings. Expected shape: (batch_size, seq_length, embedding_dim).
            image_embeds (`torch.Tensor`):
                Input image embeddings. Expected shape: (batch_size, num_frames, channels, height, width).
        """
        text_embeds = self.text_proj(text_embeds)

        batch_size, num_frames, channels, height, width = image_embeds.shape

        if self.patch_size_t is None:
            image_embeds = image_embeds.reshape(-1, channels, height, width)
            image_embeds = self.proj(image_embeds)
            image_embeds = image_embeds.view(batch_size, num_frames, *image_embeds.shape[1:])
            image_embeds = image_embeds.flatten(3).transpose(2, 3)  # [batch, num_frames, height x width, channels]
            image_embeds = image_embeds.flatten(1, 2)  # [batch, num_frames x height x width, channels]
        else:
            p = self.patch_size
            p_t = self.patch_size_t

            image_embeds = image_embeds.permute(0, 1, 3, 4, 2)
            image_embeds = image_embeds.reshape(
                batch_size, num_frames // p_t, p_t, height // p, p, width // p, p, channels
            )
            image_embeds = image_embeds.permute(0, 1, 3, 5, 7, 2, 4, 6).flatten(4, 7).flatten(1, 3)
            image_embeds = self.proj(image_embeds)

        embeds = torch.cat(
            [text_embeds, image_embeds], dim=1
        ).contiguous()  # [batch, seq_length + num_frames x height x width, channels]

        if self.use_positional_embeddings or self.use_learned_positional_embeddings:
            if self.use_learned_positional_embeddings and (self.sample_width != width or self.sample_height != height):
                raise ValueError(
                    "It is currently not possible to generate videos at a different resolution that the defaults. This should only be the case with 'THUDM/CogVideoX-5b-I2V'."
                    "If you think this is incorrect, please open an issue at https://github.com/huggingface/diffusers/issues."
                )

            pre_time_compression_frames = (num_frames - 1) * self.temporal_compression_ratio + 1

            if (
                self.sample_height != height
                or self.sample_width != width
                or self.sample_frames != pre_time_compression_frames
            ):
                pos_embedding = self._get_positional_embeddings(
                    height, width, pre_time_compression_frames, device=embeds.device
                )
            else:
                pos_embedding = self.pos_embedding

            pos_embedding = pos_embedding.to(dtype=embeds.dtype)
            embeds = embeds + pos_embedding

        return embeds


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def get_1d_rotary_pos_embed(
    dim: int,
    pos: np.ndarray | int,
    theta: float = 10000.0,
    use_real=False,
    linear_factor=1.0,
    ntk_factor=1.0,
    repeat_interleave_real=True,
    freqs_dtype=torch.float32,  #  torch.float32, torch.float64 (flux)
):
    """
    Precompute the frequency tensor for complex exponentials (cis) with given dimensions.

    This function calculates a frequency tensor with complex exponentials using the given dimension 'dim' and the end
    index 'end'. The 'theta' parameter scales the frequencies. The returned tensor contains complex values in complex64
    data type.

    Args:
        dim (`int`): Dimension of the frequency tensor.
        pos (`np.ndarray` or `int`): Position indices for the frequency tensor. [S] or scalar
        theta (`float`, *optional*, defaults to 10000.0):
            Scaling factor for frequency computation. Defaults to 10000.0.
        use_real (`bool`, *optional*):
            If True, return real part and imaginary part separately. Otherwise, return complex numbers.
        linear_factor (`float`, *optional*, defaults to 1.0):
            Scaling factor for the context extrapolation. Defaults to 1.0.
        ntk_factor (`float`, *optional*, defaults to 1.0):
            Scaling factor for the NTK-Aware RoPE. Defaults to 1.0.
        repeat_interleave_real (`bool`, *optional*, defaults to `True`):
            If `True` and `use_real`, real part and imaginary part are each interleaved with themselves to reach `dim`.
            Otherwise, they are concateanted with themselves.
        freqs_dtype (`torch.float32` or `torch.float64`, *optional*, defaults to `torch.float32`):
            the dtype of the frequency tensor.
    Returns:
        `torch.Tensor`: Precomputed frequency tensor with complex exponentials. [S, D/2]
    """
    assert dim % 2 == 0

    if isinstance(pos, int):
        pos = torch.arange(pos)
    if isinstance(pos, np.ndarray):
        pos = torch.from_numpy(pos)  # type: ignore  # [S]

    theta = theta * ntk_factor
    freqs = (
        1.0 / (theta ** (torch.arange(0, dim, 2, dtype=freqs_dtype, device=pos.device) / dim)) / linear_factor
    )  # [D/2]
    freqs = torch.outer(pos, freqs)  # type: ignore   # [S, D/2]
    is_npu = freqs.device.type == "npu"
    if is_npu:
        freqs = freqs.float()
    if use_real and repeat_interleave_real:
        # flux, hunyuan-dit, cogvideox
        freqs_cos = freqs.cos().repeat_interleave(2, dim=1, output_size=freqs.shape[1] * 2).float()  # [S, D]
        freqs_sin = freqs.sin().repeat_interleave(2, dim=1, output_size=freqs.shape[1] * 2).float()  # [S, D]
        return freqs_cos, freqs_sin
    elif use_real:
        # stable audio, allegro
        freqs_cos = torch.cat([freqs.cos(), freqs.cos()], dim=-1).float()  # [S, D]
        freqs_sin = torch.cat([freqs.sin(), freqs.sin()], dim=-1).float()  # [S, D]
        return freqs_cos, freqs_sin
    else:
        # lumina
        freqs_cis = torch.polar(torch.ones_like(freqs), freqs)  # complex64     # [S, D/2]
        return freqs_cis


# src/diffusers/models/embeddings.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
def apply_rotary_emb(
    x: torch.Tensor,
    freqs_cis: torch.Tensor | tuple[torch.Tensor],
    use_real: bool = True,
    use_real_unbind_dim: int = -1,
    sequence_dim: int = 2,
) -> tuple[torch.Tensor, torch.Tensor]:
    """
    Apply rotary embeddings to input tensors using the given frequency tensor. This function applies rotary embeddings
    to the given query or key 'x' tensors using the provided frequency tensor 'freqs_cis'. The input tensors are
    reshaped as complex numbers, and the frequency tensor is reshaped for broadcasting compatibility. The resulting
    tensors contain rotary embeddings and are returned as real tensors.

    Args:
        x (`torch.Tensor`):
            Query or key tensor to apply rotary embeddings. [B, H, S, D] xk (torch.Tensor): Key tensor to apply
        freqs_cis (`tuple[torch.Tensor]`): Precomputed frequency tensor for complex exponentials. ([S, D], [S, D],)

    Returns:
        tuple[torch.Tensor, torch.Tensor]: tuple of modified query tensor and key tensor with rotary embeddings.
    """
    if use_real:
        cos, sin = freqs_cis  # [S, D]
        if sequence_dim == 2:
            cos = cos[None, None, :, :]
            sin = sin[None, None, :, :]
        elif sequence_dim == 1:
            cos = cos[None, :, None, :]
            sin = sin[None, :, None, :]
        else:
            raise ValueError(f"`sequence_dim={sequence_dim}` but should be 1 or 2.")

        cos, sin = cos.to(x.device), sin.to(x.device)

        if use_real_unbind_dim == -1:
            # Used for flux, cogvideox, hunyuan-dit
            x_real, x_imag = x.reshape(*x.shape[:-1], -1, 2).unbind(-1)  # [B, H, S, D//2]
            x_rotated = torch.stack([-x_imag, x_real], dim=-1).flatten(3)
        elif use_real_unbind_dim == -2:
            # Used for Stable Audio, OmniGen, CogView4 and Cosmos
            x_real, x_imag = x.reshape(*x.shape[:-1], 2, -1).unbind(-2)  # [B, H, S, D//2]
            x_rotated = torch.cat([-x_imag, x_real], dim=-1)
        else:
            raise ValueError(f"`use_real_unbind_dim={use_real_unbind_dim}` but should be -1 or -2.")

        out = (x.float() * cos + x_rotated.float() * sin).to(x.dtype)

        return out
    else:
        # used for lumina
        x_rotated = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
        freqs_cis = freqs_cis.unsqueeze(2)
        x_out = torch.view_as_real(x_rotated * freqs_cis).flatten(3)

        return x_out.type_as(x)


# src/diffusers/models/transformers/transformer_flux.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951
class FluxPosEmbed(nn.Module):
    # modified from https://github.com/black-forest-labs/flux/blob/c00d7c60b085fce8058b9df845e036090873f2ce/src/flux/modules/layers.py#L11
    def __init__(self, theta: int, axes_dim: list[int]):
        super().__init__()
        self.theta = theta
        self.axes_dim = axes_dim

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        n_axes = ids.shape[-1]
        cos_out = []
        sin_out = []
        pos = ids.float()
        freqs_dtype = maybe_adjust_dtype_for_device(torch.float64, ids.device)
        for i in range(n_axes):
            cos, sin = get_1d_rotary_pos_embed(
                self.axes_dim[i],
                pos[:, i],
                theta=self.theta,
                repeat_interleave_real=True,
                use_real=True,
                freqs_dtype=freqs_dtype,
            )
            cos_out.append(cos)
            sin_out.append(sin)
        freqs_cos = torch.cat(cos_out, dim=-1).to(ids.device)
        freqs_sin = torch.cat(sin_out, dim=-1).to(ids.device)
        return freqs_cos, freqs_sin


class FluxPipeline:
    # src/diffusers/pipelines/flux/pipeline_flux.py @ 58eb52c0803ea9af3abec60841c2a093bdf1f951 (FluxPipeline's
    # static method; the pipeline builds text ids as `torch.zeros(prompt_embeds.shape[1], 3)`)
    @staticmethod
    def _prepare_latent_image_ids(batch_size, height, width, device, dtype):
        latent_image_ids = torch.zeros(height, width, 3)
        latent_image_ids[..., 1] = latent_image_ids[..., 1] + torch.arange(height)[:, None]
        latent_image_ids[..., 2] = latent_image_ids[..., 2] + torch.arange(width)[None, :]

        latent_image_id_height, latent_image_id_width, latent_image_id_channels = latent_image_ids.shape

        latent_image_ids = latent_image_ids.reshape(
            latent_image_id_height * latent_image_id_width, latent_image_id_channels
        )

        return latent_image_ids.to(device=device, dtype=dtype)


# --- EVA-02 (MIT; notes §3.1) and timm (Apache-2.0; notes §3.2) ---------------------------------------------------

# EVA-02/asuka/rope.py @ 5623d08bb08a8268c7bc18e1d9b8b4bd651fe4d9 (Copyright (c) 2023 Beijing Academy of Artificial
# Intelligence (BAAI), MIT License, by Yuxin Fang; based on lucidrains/rotary-embedding-torch)
def broadcat(tensors, dim = -1):
    num_tensors = len(tensors)
    shape_lens = set(list(map(lambda t: len(t.shape), tensors)))
    assert len(shape_lens) == 1, 'tensors must all have the same number of dimensions'
    shape_len = list(shape_lens)[0]
    dim = (dim + shape_len) if dim < 0 else dim
    dims = list(zip(*map(lambda t: list(t.shape), tensors)))
    expandable_dims = [(i, val) for i, val in enumerate(dims) if i != dim]
    assert all([*map(lambda t: len(set(t[1])) <= 2, expandable_dims)]), 'invalid dimensions for broadcastable concatentation'
    max_dims = list(map(lambda t: (t[0], max(t[1])), expandable_dims))
    expanded_dims = list(map(lambda t: (t[0], (t[1],) * num_tensors), max_dims))
    expanded_dims.insert(dim, (dim, dims[dim]))
    expandable_shapes = list(zip(*map(lambda t: t[1], expanded_dims)))
    tensors = list(map(lambda t: t[0].expand(*t[1]), zip(tensors, expandable_shapes)))
    return torch.cat(tensors, dim = dim)


# EVA-02/asuka/rope.py @ 5623d08b: einops is not packaged for Debian bookworm, so its two rearranges are written
# with reshape / flatten (identical tensors), and the function is renamed from rotate_half (transformers' differs)
def rotate_half_eva(x):
    x = x.reshape(*x.shape[:-1], -1, 2)  # rearrange(x, '... (d r) -> ... d r', r = 2)
    x1, x2 = x.unbind(dim = -1)
    x = torch.stack((-x2, x1), dim = -1)
    return x.flatten(-2)  # rearrange(x, '... d r -> ... (d r)')


# EVA-02/asuka/rope.py @ 5623d08b; changed: einops' repeat -> repeat_interleave, rotate_half -> rotate_half_eva
class VisionRotaryEmbeddingFast(nn.Module):
    def __init__(
        self,
        dim,
        pt_seq_len=16,
        ft_seq_len=None,
        custom_freqs = None,
        freqs_for = 'lang',
        theta = 10000,
        max_freq = 10,
        num_freqs = 1,
    ):
        super().__init__()
        if custom_freqs:
            freqs = custom_freqs
        elif freqs_for == 'lang':
            freqs = 1. / (theta ** (torch.arange(0, dim, 2)[:(dim // 2)].float() / dim))
        elif freqs_for == 'pixel':
            freqs = torch.linspace(1., max_freq / 2, dim // 2) * pi
        elif freqs_for == 'constant':
            freqs = torch.ones(num_freqs).float()
        else:
            raise ValueError(f'unknown modality {freqs_for}')

        if ft_seq_len is None: ft_seq_len = pt_seq_len
        t = torch.arange(ft_seq_len) / ft_seq_len * pt_seq_len

        freqs = torch.einsum('..., f -> ... f', t, freqs)
        freqs = freqs.repeat_interleave(2, dim = -1)  # repeat(freqs, '... n -> ... (n r)', r = 2)
        freqs = broadcat((freqs[:, None, :], freqs[None, :, :]), dim = -1)

        freqs_cos = freqs.cos().view(-1, freqs.shape[-1])
        freqs_sin = freqs.sin().view(-1, freqs.shape[-1])

        self.register_buffer("freqs_cos", freqs_cos)
        self.register_buffer("freqs_sin", freqs_sin)

        print('======== shape of rope freq', self.freqs_cos.shape, '========')

    def forward(self, t): return  t * self.freqs_cos + rotate_half_eva(t) * self.freqs_sin


# timm/layers/pos_embed_sincos.py @ aa4b5850c1543fa488abf260f18390eda46cf85d
def pixel_freq_bands(
        num_bands: int,
        max_freq: float = 224.,
        linear_bands: bool = True,
        device: Optional[torch.device] = None,
):
    if linear_bands:
        bands = torch.linspace(1.0, max_freq / 2, num_bands, dtype=torch.float32, device=device)
    else:
        bands = 2 ** torch.linspace(0, math.log(max_freq, 2) - 1, num_bands, dtype=torch.float32, device=device)
    return bands * torch.pi


def freq_bands(
        num_bands: int,
        temperature: float = 10000.,
        step: int = 2,
        device: Optional[torch.device] = None,
) -> torch.Tensor:
    exp = torch.arange(0, num_bands, step, dtype=torch.int64, device=device).to(torch.float32) / num_bands
    bands = 1. / (temperature ** exp)
    return bands


def swap_shape_xy(seq: List[int]) -> List[int]:
    if len(seq) < 2:
        return seq
    return [seq[1], seq[0]] + list(seq[2:])


def build_fourier_pos_embed(
        feat_shape: List[int],
        bands: Optional[torch.Tensor] = None,
        num_bands: int = 64,
        max_res: int = 224,
        temperature: float = 10000.,
        linear_bands: bool = False,
        include_grid: bool = False,
        in_pixels: bool = True,
        ref_feat_shape: Optional[List[int]] = None,
        grid_offset: float = 0.,
        grid_indexing: str = 'ij',
        device: Optional[torch.device] = None,
        dtype: torch.dtype = torch.float32,
) -> List[torch.Tensor]:
    """

    Args:
        feat_shape: Feature shape for embedding.
        bands: Pre-calculated frequency bands.
        num_bands: Number of frequency bands (determines output dim).
        max_res: Maximum resolution for pixel based freq.
        temperature: Temperature for non-pixel freq.
        linear_bands: Linear band spacing for pixel based freq.
        include_grid: Include the spatial grid in output.
        in_pixels: Output in pixel freq.
        ref_feat_shape: Reference feature shape for resize / fine-tune.
        grid_offset: Constant offset to add to grid for non-pixel freq.
        grid_indexing: Indexing mode for meshgrid ('ij' or 'xy')
        dtype: Output dtype.
        device: Output device.

    Returns:

    """
    if bands is None:
        if in_pixels:
            bands = pixel_freq_bands(
                num_bands,
                float(max_res),
                linear_bands=linear_bands,
                device=device,
            )
        else:
            bands = freq_bands(
                num_bands,
                temperature=temperature,
                step=1,
                device=device,
            )
    else:
        if device is None:
            device = bands.device
        if dtype is None:
            dtype = bands.dtype

    if grid_indexing == 'xy':
        feat_shape = swap_shape_xy(feat_shape)
        if ref_feat_shape is not None:
            ref_feat_shape = swap_shape_xy(ref_feat_shape)

    if in_pixels:
        t = [
            torch.linspace(-1., 1., steps=s, device=device, dtype=torch.float32)
            for s in feat_shape
        ]
    else:
        t = [
            torch.arange(s, device=device, dtype=torch.int64).to(torch.float32) + grid_offset
            for s in feat_shape
        ]

    if ref_feat_shape is not None:
        # eva's scheme for resizing rope embeddings (ref shape = pretrain)
        t = [x / f * r for x, f, r in zip(t, feat_shape, ref_feat_shape)]

    grid = torch.stack(torch.meshgrid(t, indexing=grid_indexing), dim=-1)
    grid = grid.unsqueeze(-1)
    pos = grid * bands

    pos_sin, pos_cos = pos.sin().to(dtype=dtype), pos.cos().to(dtype=dtype)
    out = [grid, pos_sin, pos_cos] if include_grid else [pos_sin, pos_cos]
    return out


def rot(x):
    # x:   [ x0  x1  x2  x3  x4  x5]
    # out: [-x1  x0 -x3  x2 -x5  x4]
    return torch.stack([-x[..., 1::2], x[..., ::2]], -1).reshape(x.shape)


def rope_rotate_half(x: torch.Tensor) -> torch.Tensor:
    # x:   [ x0  x1  x2  x3  x4  x5]
    # out: [-x3 -x4 -x5  x0  x1  x2]
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([-x2, x1], dim=-1)


def apply_rot_embed_cat(
        x: torch.Tensor,
        emb: torch.Tensor,
        half: bool = False
) -> torch.Tensor:
    sin_emb, cos_emb = emb.chunk(2, -1)
    # x: [..., D], eg [x0, x1, x2, x3, x4, x5]
    if half:
        # sin: [..., D], eg [sin0, sin1, sin2, sin0, sin1, sin2]
        # cos: [..., D], eg [cos0, cos1, cos2, cos0, cos1, cos2
        # rope_rotate_half(x), eg [-x3, -x4, -x5, x0, x1, x2]
        return x * cos_emb + rope_rotate_half(x) * sin_emb
    else:
        # sin: [..., D], eg [sin0, sin0, sin1, sin1, sin2, sin2]
        # cos: [..., D], eg [cos0, cos0, cos1, cos1, cos2, cos2]
        # rot(x), eg [-x1, x0, -x3, x2, -x5, x4]
        return x * cos_emb + rot(x) * sin_emb


def build_rotary_pos_embed(
        feat_shape: List[int],
        bands: Optional[torch.Tensor] = None,
        dim: int = 64,
        max_res: int = 224,
        temperature: float = 10000.,
        linear_bands: bool = False,
        in_pixels: bool = True,
        ref_feat_shape: Optional[List[int]] = None,
        grid_offset: float = 0.,
        grid_indexing: str = 'ij',
        device: Optional[torch.device] = None,
        dtype: torch.dtype = torch.float32,
):
    """

    Args:
        feat_shape: Spatial shape of the target tensor for embedding.
        bands: Optional pre-generated frequency bands
        dim: Output dimension of embedding tensor.
        max_res: Maximum resolution for pixel mode.
        temperature: Temperature (inv freq) for non-pixel mode
        linear_bands: Linearly (instead of log) spaced bands for pixel mode
        in_pixels: Pixel vs language (inv freq) mode.
        ref_feat_shape: Reference feature shape for resize / fine-tune.
        grid_offset: Constant offset to add to grid for non-pixel freq.
        grid_indexing: Indexing mode for meshgrid ('ij' or 'xy')
        device: Output device.
        dtype: Output dtype.

    Returns:

    """
    sin_emb, cos_emb = build_fourier_pos_embed(
        feat_shape,
        bands=bands,
        num_bands=dim // 4,
        max_res=max_res,
        temperature=temperature,
        linear_bands=linear_bands,
        in_pixels=in_pixels,
        ref_feat_shape=ref_feat_shape,
        grid_offset=grid_offset,
        grid_indexing=grid_indexing,
        device=device,
        dtype=dtype,
    )
    num_spatial_dim = 1
    # this would be much nicer as a .numel() call to torch.Size(), but torchscript sucks
    for x in feat_shape:
        num_spatial_dim *= x
    sin_emb = sin_emb.reshape(num_spatial_dim, -1).repeat_interleave(2, -1)
    cos_emb = cos_emb.reshape(num_spatial_dim, -1).repeat_interleave(2, -1)
    return sin_emb, cos_emb


class RotaryEmbeddingCat(nn.Module):
    """ Rotary position embedding w/ concatenatd sin & cos

    The following impl/resources were referenced for this impl:
    * https://github.com/lucidrains/vit-pytorch/blob/6f3a5fcf0bca1c5ec33a35ef48d97213709df4ba/vit_pytorch/rvt.py
    * https://blog.eleuther.ai/rotary-embeddings/
    """

    def __init__(
            self,
            dim: int,
            max_res: int = 224,
            temperature: float = 10000,
            in_pixels: bool = True,
            linear_bands: bool = False,
            feat_shape: Optional[List[int]] = None,
            ref_feat_shape: Optional[List[int]] = None,
            grid_offset: float = 0.,
            grid_indexing: str = 'ij',
            device=None,
            dtype=None,
    ):
        super().__init__()
        self.dim = dim
        self.max_res = max_res
        self.temperature = temperature
        self.in_pixels = in_pixels
        self.linear_bands = linear_bands
        self.feat_shape = feat_shape
        self.ref_feat_shape = ref_feat_shape
        self.grid_offset = grid_offset
        self.grid_indexing = grid_indexing

        # Track which mode we're in
        self._use_cached_embed = feat_shape is not None

        if feat_shape is None:
            # bands mode: cache bands, rebuild embeddings on each get_embed call
            bands_shape = (dim // 4,)
            self.register_buffer('bands', torch.empty(bands_shape, device=device, dtype=dtype), persistent=False)
            self.pos_embed = None
        else:
            # embed mode: cache full embeddings
            self.bands = None
            num_pos = 1
            for s in feat_shape:
                num_pos *= s
            emb_shape = (num_pos, dim * 2)  # concatenated sin & cos
            self.register_buffer('pos_embed', torch.empty(emb_shape, device=device, dtype=dtype), persistent=False)

        # TODO: skip init when on meta device when safe to do so
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Initialize parameters and buffers."""
        self._init_buffers()

    def _init_buffers(self) -> None:
        """Compute and fill non-persistent buffer values."""
        if not self._use_cached_embed:
            self.bands.copy_(self._compute_bands())
        else:
            self.pos_embed.copy_(self._get_pos_embed_values(self.feat_shape))

    def _compute_bands(self, device=None, dtype=None):
        """Compute frequency bands."""
        if self.in_pixels:
            bands = pixel_freq_bands(
                self.dim // 4,
                float(self.max_res),
                linear_bands=self.linear_bands,
            )
        else:
            bands = freq_bands(
                self.dim // 4,
                temperature=self.temperature,
                step=1,
            )
        return bands.to(device=device, dtype=dtype)

    def _get_pos_embed_values(self, feat_shape: List[int], device=None, dtype=torch.float32):
        embeds = build_rotary_pos_embed(
            feat_shape=feat_shape,
            dim=self.dim,
            max_res=self.max_res,
            temperature=self.temperature,
            linear_bands=self.linear_bands,
            in_pixels=self.in_pixels,
            ref_feat_shape=self.ref_feat_shape,
            grid_offset=self.grid_offset,
            grid_indexing=self.grid_indexing,
            device=device,
            dtype=dtype,
        )
        return torch.cat(embeds, -1)

    def init_non_persistent_buffers(self) -> None:
        """Initialize non-persistent buffers."""
        self._init_buffers()

    def update_feat_shape(self, feat_shape: List[int]):
        if self.feat_shape is not None and feat_shape != self.feat_shape:
            # only update if feat_shape was set and different from previous value
            assert self.pos_embed is not None
            self.pos_embed = self._get_pos_embed_values(
                feat_shape,
                device=self.pos_embed.device,
                dtype=self.pos_embed.dtype,
            )
            self.feat_shape = feat_shape

    def get_embed(self, shape: Optional[List[int]] = None):
        if shape is not None and self.bands is not None:
            # rebuild embeddings from cached bands every call, use if target shape changes
            embeds = build_rotary_pos_embed(
                shape,
                self.bands,
                in_pixels=self.in_pixels,
                ref_feat_shape=self.ref_feat_shape,
                grid_offset=self.grid_offset,
                grid_indexing=self.grid_indexing,
            )
            return torch.cat(embeds, -1)
        elif self.pos_embed is not None:
            return self.pos_embed
        else:
            assert False, "get_embed() requires pre-computed pos embed or valid shape w/ pre-computed bands"

    def get_batch_embeds(
            self,
            shapes: List[Tuple[int, int]],
            seq_len: Optional[int] = None,
    ) -> Union[torch.Tensor, List[torch.Tensor]]:
        """Generate ROPE embeddings for multiple grid shapes efficiently.

        Computes embeddings for the maximum grid size once, then extracts
        and flattens the relevant portions for each requested shape.

        Args:
            shapes: List of (H, W) tuples representing different grid sizes

        Returns:
            List of concatenated sin/cos embeddings for each shape,
            where each tensor has shape (H*W, dim)
        """
        if not shapes:
            return []

        # Check if we have pre-computed bands
        if self.bands is None:
            # If we have pre-computed pos_embed for a fixed shape, we can't do batch generation
            raise RuntimeError("Batch embedding generation requires cached bands, not pre-computed embeddings")

        # Find max dimensions across all shapes
        max_h = max(h for h, w in shapes)
        max_w = max(w for h, w in shapes)

        # Generate embeddings for max size ONCE
        sin_emb, cos_emb = build_rotary_pos_embed(
            feat_shape=(max_h, max_w),
            bands=self.bands,
            in_pixels=self.in_pixels,
            ref_feat_shape=self.ref_feat_shape,
            grid_offset=self.grid_offset,
            grid_indexing=self.grid_indexing,
        )

        # sin_emb and cos_emb are (max_h * max_w, dim//2)
        # concat and reshape to 2D for slicing
        rope_embed_2d = torch.cat([sin_emb, cos_emb], dim=-1).view(max_h, max_w, -1)

        if seq_len is not None:
            flat_embeds = torch.zeros(len(shapes), seq_len, rope_embed_2d.shape[-1]).type_as(sin_emb)
            for i, (h, w) in enumerate(shapes):
                src_len = h * w
                flat_embeds[i, :src_len] = rope_embed_2d[:h, :w].reshape(src_len, -1)
            return flat_embeds
        else:
            flat_embeds_list = [rope_embed_2d[:h, :w].reshape(h * w, -1) for h, w in shapes]
            return flat_embeds_list

    def forward(self, x):
        # assuming channel-first tensor where spatial dim are >= 2
        pos_embed = self.get_embed(x.shape[2:])
        return apply_rot_embed_cat(x, pos_embed)


# --- transformers: Qwen2-VL / Qwen2.5-VL (Apache-2.0; notes §4) ---------------------------------------------------

# src/transformers/models/qwen2_vl/modeling_qwen2_vl.py @ decba1d2ea4ed3cbf0495d1828abad4b2dba1846; changed: nn.Buffer
# (not in torch 1.13) -> register_buffer, as the 4542b8fb version does
class Qwen2VLRotaryEmbedding(nn.Module):
    @deprecate_kwarg("device", version="5.18")
    def __init__(self, config: Qwen2VLConfig, device=None):
        super().__init__()
        self.max_seq_len_cached = config.max_position_embeddings
        self.original_max_seq_len = config.max_position_embeddings

        self.config = config

        self.rope_type = self.config.rope_parameters["rope_type"]
        rope_init_fn: Callable = self.compute_default_rope_parameters
        if self.rope_type != "default":
            rope_init_fn = ROPE_INIT_FUNCTIONS[self.rope_type]
        inv_freq, self.attention_scaling = rope_init_fn(self.config, device)

        self.register_buffer("inv_freq", inv_freq, persistent=False)  # nn.Buffer(inv_freq, persistent=False)
        self.register_buffer("original_inv_freq", inv_freq.clone(), persistent=False)  # nn.Buffer(...)

    @staticmethod
    @deprecate_kwarg("device", version="5.18")
    def compute_default_rope_parameters(config: Qwen2VLConfig, device=None, **kwargs) -> tuple[torch.Tensor, float]:
        """
        Computes the inverse frequencies according to the original RoPE implementation
        Args:
            config ([`~transformers.PreTrainedConfig`]):
                The model configuration.
        Returns:
            Tuple of (`torch.Tensor`, `float`), containing the inverse frequencies for the RoPE embeddings and the
            post-processing scaling factor applied to the computed cos/sin (unused in this type of RoPE).
        """
        base = config.rope_parameters["rope_theta"]
        dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads

        attention_factor = 1.0  # Unused in this type of RoPE
        # Compute the inverse frequencies
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float) / dim))
        return inv_freq.to(device), attention_factor

    # Ignore copy
    def forward(self, x, position_ids):
        # In contrast to other models, Qwen2_VL has different position ids for the grids
        # So we expand the inv_freq to shape (3, ...)
        inv_freq_expanded = self.inv_freq[None, None, :, None].float().expand(3, position_ids.shape[1], -1, 1)
        position_ids_expanded = position_ids[:, :, None, :].float()  # shape (3, bs, 1, positions)

        device_type = x.device.type if isinstance(x.device.type, str) and x.device.type != "mps" else "cpu"
        with maybe_autocast(device_type=device_type, enabled=False):  # Force float32
            freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(2, 3)
            emb = torch.cat((freqs, freqs), dim=-1)
            cos = emb.cos() * self.attention_scaling
            sin = emb.sin() * self.attention_scaling

        return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)


# src/transformers/models/qwen2_vl/modeling_qwen2_vl.py @ decba1d2
def rotate_half(x):
    """Rotates half the hidden dims of the input."""
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


def apply_multimodal_rotary_pos_emb(q, k, cos, sin, mrope_section, unsqueeze_dim=1):
    """Applies Rotary Position Embedding with Multimodal Sections to the query and key tensors (https://qwenlm.github.io/blog/qwen2-vl/).

    Explanation:
        Multimodal 3D rotary position embedding is an extension to 1D rotary position embedding. The input embedding
        sequence contains vision (images / videos) embedding and text embedding or just contains text embedding. For
        vision embedding part, we apply rotary position embedding on temporal, height and width dimension separately.
        Here we split the channel dimension to 3 chunks for the temporal, height and width rotary position embedding.
        For text embedding part, we just apply 1D rotary position embedding. The three rotary position index (temporal,
        height and width) of text embedding is always the same, so the text embedding rotary position embedding has no
        difference with modern LLMs.

    Args:
        q (`torch.Tensor`): The query tensor.
        k (`torch.Tensor`): The key tensor.
        cos (`torch.Tensor`): The cosine part of the rotary embedding.
        sin (`torch.Tensor`): The sine part of the rotary embedding.
        position_ids (`torch.Tensor`):
            The position indices of the tokens corresponding to the query and key tensors. For example, this can be
            used to pass offsetted position ids when working with a KV-cache.
        mrope_section(`List(int)`):
            Multimodal rope section is for channel dimension of temporal, height and width in rope calculation.
        unsqueeze_dim (`int`, *optional*, defaults to 1):
            The 'unsqueeze_dim' argument specifies the dimension along which to unsqueeze cos[position_ids] and
            sin[position_ids] so that they can be properly broadcasted to the dimensions of q and k. For example, note
            that cos[position_ids] and sin[position_ids] have the shape [batch_size, seq_len, head_dim]. Then, if q and
            k have the shape [batch_size, heads, seq_len, head_dim], then setting unsqueeze_dim=1 makes
            cos[position_ids] and sin[position_ids] broadcastable to the shapes of q and k. Similarly, if q and k have
            the shape [batch_size, seq_len, heads, head_dim], then set unsqueeze_dim=2.
    Returns:
        `tuple(torch.Tensor)` comprising of the query and key tensors rotated using the Rotary Position Embedding.
    """
    mrope_section = mrope_section * 2
    cos = torch.cat([m[i % 3] for i, m in enumerate(cos.split(mrope_section, dim=-1))], dim=-1).unsqueeze(
        unsqueeze_dim
    )
    sin = torch.cat([m[i % 3] for i, m in enumerate(sin.split(mrope_section, dim=-1))], dim=-1).unsqueeze(
        unsqueeze_dim
    )

    q_embed = (q * cos) + (rotate_half(q) * sin)
    k_embed = (k * cos) + (rotate_half(k) * sin)
    return q_embed, k_embed


def apply_rotary_pos_emb_vision(
    q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    orig_q_dtype = q.dtype
    orig_k_dtype = k.dtype
    q, k = q.float(), k.float()
    cos, sin = cos.unsqueeze(-2).float(), sin.unsqueeze(-2).float()
    q_embed = (q * cos) + (rotate_half(q) * sin)
    k_embed = (k * cos) + (rotate_half(k) * sin)
    q_embed = q_embed.to(orig_q_dtype)
    k_embed = k_embed.to(orig_k_dtype)
    return q_embed, k_embed


# src/transformers/models/qwen2_vl/modeling_qwen2_vl.py @ decba1d2; changed: nn.Buffer -> register_buffer
class VisionRotaryEmbedding(nn.Module):
    def __init__(self, dim: int, theta: float = 10000.0) -> None:
        super().__init__()
        self.dim = dim
        self.theta = theta
        inv_freq = 1.0 / (theta ** (torch.arange(0, dim, 2, dtype=torch.float) / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)  # nn.Buffer(inv_freq, persistent=False)

    def forward(self, position_ids: torch.Tensor) -> torch.Tensor:
        return (position_ids.unsqueeze(-1) * self.inv_freq).flatten(1)


# src/transformers/vision_utils.py @ decba1d2
def get_vision_position_ids(
    grid_thw: torch.Tensor,
    spatial_merge_size: int | torch.Tensor,
    include_temporal: bool = False,
    kwargs: dict | None = None,
) -> torch.Tensor:
    """Get position IDs for vision rotary embeddings, or pop from `kwargs` if precomputed.

    Args:
        grid_thw: `(num_images_or_videos, 3)`
        spatial_merge_size: merge block size — either a single `int` (same for all images)
            or a `(num_images_or_videos,)` tensor (per-image).
        kwargs: optional caller kwargs — if it contains `"position_ids"` it is popped and returned.
        include_temporal: when ``True``, prepend a temporal-index column and return
            `(total_tokens, 3)` — for encoders whose rotary embedding rotates T/H/W axes
            (minimax_m3_vl). When ``False`` (default), return `(total_tokens, 2)` for the
            2-axis (h, w) case (qwen2_5_vl / qwen3_vl / glm4v / paddleocr_vl); the h/w
            indices are still repeated ``t`` times for video inputs.

    Returns:
        `position_ids`: `(total_tokens, 3)` long if ``include_temporal`` else `(total_tokens, 2)`,
        with the spatial indices laid out block-major over ``m×m`` spatial-merge blocks.
    """
    if kwargs is not None and (position_ids := kwargs.pop("position_ids", None)) is not None:
        return position_ids

    device = grid_thw.device
    if isinstance(spatial_merge_size, int):
        spatial_merge_size = torch.tensor([spatial_merge_size], device=device).expand(len(grid_thw))

    position_ids = []
    for (t, h, w), merge_size in zip(grid_thw.tolist(), spatial_merge_size.tolist()):
        hpos_ids, wpos_ids = torch.meshgrid(
            torch.arange(h, device=device),
            torch.arange(w, device=device),
            indexing="ij",
        )
        block_shape = (h // merge_size, merge_size, w // merge_size, merge_size)
        hpos_ids = hpos_ids.reshape(block_shape).transpose(1, 2).flatten()
        wpos_ids = wpos_ids.reshape(block_shape).transpose(1, 2).flatten()
        if include_temporal:
            tpos_ids = torch.arange(t, device=device).repeat_interleave(h * w)
            position_ids.append(torch.stack([tpos_ids, hpos_ids.repeat(t), wpos_ids.repeat(t)], dim=-1))
        else:
            position_ids.append(torch.stack([hpos_ids, wpos_ids], dim=-1).repeat(t, 1))

    return torch.cat(position_ids, dim=0)


class Qwen2VisionTransformer:
    """Stand-in for Qwen2VisionTransformerPretrainedModel at decba1d2: the lines of its forward that make the rotary
    position embeddings (head_dim = embed_dim // num_heads; rotary_pos_emb = VisionRotaryEmbedding(head_dim // 2))."""

    def __init__(self, head_dim, spatial_merge_size):
        self.spatial_merge_size = spatial_merge_size
        self.rotary_pos_emb = VisionRotaryEmbedding(head_dim // 2)

    def position_embeddings(self, grid_thw, kwargs=None):
        # modeling_qwen2_vl.py @ decba1d2, Qwen2VisionTransformerPretrainedModel.forward (excerpt)
        position_ids = get_vision_position_ids(grid_thw, self.spatial_merge_size, kwargs=kwargs)
        rotary_pos_emb = self.rotary_pos_emb(position_ids)
        emb = torch.cat((rotary_pos_emb, rotary_pos_emb), dim=-1)
        position_embeddings = (emb.cos(), emb.sin())
        return position_ids, position_embeddings


# src/transformers/models/qwen2_vl/modeling_qwen2_vl.py @ 4542b8fb271be54d9235ac7a899c6aab2101612f (renamed from
# VisionRotaryEmbedding)
class VisionRotaryEmbedding_4542b8fb(nn.Module):
    def __init__(self, dim: int, theta: float = 10000.0) -> None:
        super().__init__()
        inv_freq = 1.0 / (theta ** (torch.arange(0, dim, 2, dtype=torch.float) / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, seqlen: int) -> torch.Tensor:
        seq = torch.arange(seqlen, device=self.inv_freq.device, dtype=self.inv_freq.dtype)
        freqs = torch.outer(seq, self.inv_freq)
        return freqs


class Qwen2VisionTransformer_4542b8fb:
    """Stand-in for the 4542b8fb vision tower: rot_pos_emb (copied) and the lines of forward that use it."""

    def __init__(self, head_dim, spatial_merge_size):
        self.spatial_merge_size = spatial_merge_size
        self.rotary_pos_emb = VisionRotaryEmbedding_4542b8fb(head_dim // 2)

    # modeling_qwen2_vl.py @ 4542b8fb
    def rot_pos_emb(self, grid_thw):
        pos_ids = []
        for t, h, w in grid_thw:
            hpos_ids = torch.arange(h).unsqueeze(1).expand(-1, w)
            hpos_ids = hpos_ids.reshape(
                h // self.spatial_merge_size,
                self.spatial_merge_size,
                w // self.spatial_merge_size,
                self.spatial_merge_size,
            )
            hpos_ids = hpos_ids.permute(0, 2, 1, 3)
            hpos_ids = hpos_ids.flatten()

            wpos_ids = torch.arange(w).unsqueeze(0).expand(h, -1)
            wpos_ids = wpos_ids.reshape(
                h // self.spatial_merge_size,
                self.spatial_merge_size,
                w // self.spatial_merge_size,
                self.spatial_merge_size,
            )
            wpos_ids = wpos_ids.permute(0, 2, 1, 3)
            wpos_ids = wpos_ids.flatten()
            pos_ids.append(torch.stack([hpos_ids, wpos_ids], dim=-1).repeat(t, 1))
        pos_ids = torch.cat(pos_ids, dim=0)
        max_grid_size = grid_thw[:, 1:].max()
        rotary_pos_emb_full = self.rotary_pos_emb(max_grid_size)
        rotary_pos_emb = rotary_pos_emb_full[pos_ids].flatten(1)
        return rotary_pos_emb

    def position_embeddings(self, grid_thw):
        # modeling_qwen2_vl.py @ 4542b8fb, Qwen2VisionTransformerPretrainedModel.forward (excerpt)
        rotary_pos_emb = self.rot_pos_emb(grid_thw)
        emb = torch.cat((rotary_pos_emb, rotary_pos_emb), dim=-1)
        position_embeddings = (emb.cos(), emb.sin())
        return position_embeddings


class Qwen2VLModel:
    """Stand-in for Qwen2VLModel at decba1d2: its config and the two methods below (copied)."""

    def __init__(self, config):
        self.config = config

    # src/transformers/models/qwen2_vl/modeling_qwen2_vl.py @ decba1d2
    def get_vision_position_ids(
        self,
        start_position: int,
        grid_thw: list[int, int, int] | torch.Tensor,
        temp_merge_size: int = 1,
        spatial_merge_size: int = 1,
        time_interval: int = 1,
        device: str | torch.device | None = None,
    ):
        """
        Compute 3D positional indices for vision tokens derived from a single image or video input.

        The positions are generated from the input grid defined by temporal (T), height (H), and
        width (W) dimensions. Temporal and spatial dimensions can be downscaled according to the
        merge sizes used in the vision backbone. The resulting positions are offset by `start_position`.

        Args:
            start_position (`int`):
                Offset added to all computed positional indices.
            grid_thw (`Sequence[int]` or `torch.Tensor` of shape `(3,)`):
                The (T, H, W) grid representing the feature layout of the current image or video after patch embedding.
            temp_merge_size (`int`, *optional*):
                Factor by which the temporal dimension is reduced in the backbone. The temporal grid size is divided
                by this value. Defaults to 1.
            spatial_merge_size (`int`, *optional*):
                Factor by which the spatial dimensions (H and W) are reduced in the backbone. Both H and W are divided
                by this value. Defaults to 1.
            time_interval (`int`, *optional*):
                Spacing factor applied between consecutive temporal position indices.Defaults to 1.
            device (`str` or `torch.device`, *optional*):
                Device on which the resulting tensor is allocated. If `None`, uses the current default device.

        Returns:
            torch.LongTensor of shape (3, sequence_length):
                Positional indices for temporal, height, and width dimensions,
                flattened into sequence form and offset by `start_position`.
        """
        llm_grid_t, llm_grid_h, llm_grid_w = (
            grid_thw[0].item() // temp_merge_size,
            grid_thw[1].item() // spatial_merge_size,
            grid_thw[2].item() // spatial_merge_size,
        )

        position_temporal = torch.arange(llm_grid_t, device=device) * time_interval
        position_height = torch.arange(llm_grid_h, device=device) + start_position
        position_width = torch.arange(llm_grid_w, device=device) + start_position

        T_grid, H_grid, W_grid = torch.meshgrid(position_temporal, position_height, position_width, indexing="ij")
        vision_position_ids = torch.stack([T_grid, H_grid, W_grid], dim=0).reshape(3, -1)
        vision_position_ids[0] += start_position  # must be after time_interval multiply
        return vision_position_ids

    # src/transformers/models/qwen2_vl/modeling_qwen2_vl.py @ decba1d2
    def get_rope_index(
        self,
        input_ids: torch.LongTensor,
        mm_token_type_ids: torch.IntTensor,
        image_grid_thw: torch.LongTensor | None = None,
        video_grid_thw: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        **kwargs,
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """
        Calculate the 3D rope index based on image and video's sizes. The utility expects a `vision + text`
        sequence and will error out otherwise. For pure text sequence, please rely on model's auto-inferred
        position ids. In a mixed vision + text sequence, vision tokens use 3D RoPE (temporal, height, width)
        while text tokens use standard 1D RoPE.

        Example:
            Temporal patches: 3; Height patches: 2; Width patches: 2
            Each vision input results in (temporal x height × width) positions. Here: 3 x 2 × 2 = 12 positions total.

            Temporal position IDs are spaced by:
                `interval = tokens_per_second * temporal_patch_size / fps`

                If fps = 1; tokens_per_second = 25; temporal_patch_size = 2, temporal IDs increase by 50 for each temporal patch:
                `[0, 0, 0, 0, 50, 50, 50, 50, 100, 100, 100, 100]`

            Height IDs repeat per row: `[0, 0, 1, 1, ...]`
            Width IDs alternate per column: `[0, 1, 0, 1, ...]`
            Text tokens follow standard 1D RoPE and the position IDs grow consequently with a step of `1`

        Args:
            input_ids (`torch.LongTensor` of shape `(batch_size, sequence_length)`):
                Indices of input sequence tokens in the vocabulary. Padding will be ignored by default should you provide
                it.
            mm_token_type_ids (`torch.IntTensor` of shape `(batch_size, sequence_length)`):
                Token type ids matching each modality to a different value in the input sequence, i.e. text (0), image (1), video (2).
            image_grid_thw (`torch.LongTensor` of shape `(num_images, 3)`, *optional*):
                The temporal, height and width of feature shape of each image in LLM.
            video_grid_thw (`torch.LongTensor` of shape `(num_videos, 3)`, *optional*):
                The temporal, height and width of feature shape of each video in LLM.
            attention_mask (`torch.Tensor` of shape `(batch_size, sequence_length)`, *optional*):
                Mask to avoid performing attention on padding token indices. Mask values selected in `[0, 1]`:

                - 1 for tokens that are **not masked**,
                - 0 for tokens that are **masked**.

        Returns:
            position_ids (`torch.LongTensor` of shape `(3, batch_size, sequence_length)`)
            mrope_position_deltas (`torch.Tensor` of shape `(batch_size)`)
        """
        spatial_merge_size = self.config.vision_config.spatial_merge_size

        mrope_position_deltas = []
        position_ids = torch.zeros(
            3,
            input_ids.shape[0],
            input_ids.shape[1],
            dtype=input_ids.dtype,
            device=input_ids.device,
        )
        grid_iters = {
            1: iter(image_grid_thw) if image_grid_thw is not None else None,
            2: iter(video_grid_thw) if video_grid_thw is not None else None,
        }

        for batch_idx, current_input_ids in enumerate(input_ids):
            input_token_type = mm_token_type_ids[batch_idx]
            if attention_mask is not None:
                current_input_ids = current_input_ids[attention_mask[batch_idx].bool()]
                input_token_type = input_token_type[attention_mask[batch_idx].bool()]

            input_type_group = []
            for key, group in itertools.groupby(enumerate(input_token_type.tolist()), lambda x: x[1]):
                group = list(group)
                start_index = group[0][0]
                end_index = group[-1][0] + 1
                input_type_group.append((key, start_index, end_index))

            current_pos = 0
            llm_pos_ids_list = []
            for modality_type, start_idx, end_idx in input_type_group:
                # text == 0
                if modality_type == 0:
                    text_len = end_idx - start_idx
                    llm_pos_ids_list.append(
                        torch.arange(text_len, device=input_ids.device).view(1, -1).expand(3, -1) + current_pos
                    )
                    current_pos += text_len
                # image == 1, video == 2
                else:
                    grid_thw = next(grid_iters[modality_type])
                    vision_position_ids = self.get_vision_position_ids(
                        current_pos, grid_thw, 1, spatial_merge_size, device=input_ids.device
                    )
                    llm_pos_ids_list.append(vision_position_ids)
                    current_pos += max(grid_thw[1], grid_thw[2]) // spatial_merge_size
            llm_positions = torch.cat(llm_pos_ids_list, dim=1).reshape(3, -1)
            if attention_mask is not None:
                position_ids[:, batch_idx, attention_mask[batch_idx].bool()] = llm_positions.to(position_ids.device)
            else:
                position_ids[:, batch_idx] = llm_positions.to(position_ids.device)
            mrope_position_deltas.append(llm_positions.max() + 1 - len(current_input_ids))
        mrope_position_deltas = torch.tensor(mrope_position_deltas, device=input_ids.device).unsqueeze(1)
        return position_ids, mrope_position_deltas


class Qwen2_5_VLModel(Qwen2VLModel):
    """Stand-in for Qwen2_5_VLModel at decba1d2 (its get_vision_position_ids is byte-identical to Qwen2-VL's)."""

    # src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py @ decba1d2
    def get_rope_index(
        self,
        input_ids: torch.LongTensor,
        mm_token_type_ids: torch.IntTensor,
        image_grid_thw: torch.LongTensor | None = None,
        video_grid_thw: torch.LongTensor | None = None,
        second_per_grid_ts: torch.Tensor | None = None,
        attention_mask: torch.Tensor | None = None,
        **kwargs,
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """
        Calculate the 3D rope index based on image and video's sizes. The utility expects a `vision + text`
        sequence and will error out otherwise. For pure text sequence, please rely on model's auto-inferred
        position ids. In a mixed vision + text sequence, vision tokens use 3D RoPE (temporal, height, width)
        while text tokens use standard 1D RoPE.

        Example:
            Temporal patches: 3; Height patches: 2; Width patches: 2
            Each vision input results in (temporal x height × width) positions. Here: 3 x 2 × 2 = 12 positions total.

            Temporal position IDs are spaced by:
                `interval = tokens_per_second * temporal_patch_size / fps`

                If fps = 1; tokens_per_second = 25; temporal_patch_size = 2, temporal IDs increase by 50 for each temporal patch:
                `[0, 0, 0, 0, 50, 50, 50, 50, 100, 100, 100, 100]`

            Height IDs repeat per row: `[0, 0, 1, 1, ...]`
            Width IDs alternate per column: `[0, 1, 0, 1, ...]`
            Text tokens follow standard 1D RoPE and the position IDs grow consequently with a step of `1`

        Args:
            input_ids (`torch.LongTensor` of shape `(batch_size, sequence_length)`):
                Indices of input sequence tokens in the vocabulary. Padding will be ignored by default should you provide
                it.
            mm_token_type_ids (`torch.IntTensor` of shape `(batch_size, sequence_length)`):
                Token type ids matching each modality to a different value in the input sequence, i.e. text (0), image (1), video (2).
            image_grid_thw (`torch.LongTensor` of shape `(num_images, 3)`, *optional*):
                The temporal, height and width of feature shape of each image in LLM.
            video_grid_thw (`torch.LongTensor` of shape `(num_videos, 3)`, *optional*):
                The temporal, height and width of feature shape of each video in LLM.
            second_per_grid_ts (`torch.Tensor` of shape `(num_videos)`, *optional*):
                The time interval (in seconds) for each grid along the temporal dimension in the 3D position IDs.
            attention_mask (`torch.Tensor` of shape `(batch_size, sequence_length)`, *optional*):
                Mask to avoid performing attention on padding token indices. Mask values selected in `[0, 1]`:

                - 1 for tokens that are **not masked**,
                - 0 for tokens that are **masked**.

        Returns:
            position_ids (`torch.LongTensor` of shape `(3, batch_size, sequence_length)`)
            mrope_position_deltas (`torch.Tensor` of shape `(batch_size)`)
        """
        spatial_merge_size = self.config.vision_config.spatial_merge_size
        tokens_per_second = self.config.vision_config.tokens_per_second

        mrope_position_deltas = []
        position_ids = torch.zeros(
            3,
            input_ids.shape[0],
            input_ids.shape[1],
            dtype=input_ids.dtype,
            device=input_ids.device,
        )
        grid_iters = {
            1: iter(image_grid_thw) if image_grid_thw is not None else None,
            2: iter(video_grid_thw) if video_grid_thw is not None else None,
        }
        second_per_grid_ts = (
            iter(second_per_grid_ts) if second_per_grid_ts is not None else iter([1] * input_ids.shape[1])
        )
        for batch_idx, current_input_ids in enumerate(input_ids):
            input_token_type = mm_token_type_ids[batch_idx]
            if attention_mask is not None:
                current_input_ids = current_input_ids[attention_mask[batch_idx].bool()]
                input_token_type = input_token_type[attention_mask[batch_idx].bool()]

            input_type_group = []
            for key, group in itertools.groupby(enumerate(input_token_type.tolist()), lambda x: x[1]):
                group = list(group)
                start_index = group[0][0]
                end_index = group[-1][0] + 1
                input_type_group.append((key, start_index, end_index))

            current_pos = 0
            llm_pos_ids_list = []
            for modality_type, start_idx, end_idx in input_type_group:
                # text == 0
                if modality_type == 0:
                    text_len = end_idx - start_idx
                    llm_pos_ids_list.append(
                        torch.arange(text_len, device=input_ids.device).view(1, -1).expand(3, -1) + current_pos
                    )
                    current_pos += text_len
                # image == 1, video == 2
                else:
                    grid_thw = next(grid_iters[modality_type])
                    # Only apply temporal scaling for videos; still images have no
                    # temporal dimension to space out (fixes #45325).
                    if modality_type == 2:
                        time_interval = tokens_per_second * int(next(second_per_grid_ts))
                    else:
                        time_interval = 1
                    vision_position_ids = self.get_vision_position_ids(
                        current_pos, grid_thw, 1, spatial_merge_size, time_interval, device=input_ids.device
                    )
                    llm_pos_ids_list.append(vision_position_ids)
                    current_pos += max(grid_thw[1], grid_thw[2]) // spatial_merge_size
            llm_positions = torch.cat(llm_pos_ids_list, dim=1).reshape(3, -1)
            if attention_mask is not None:
                position_ids[:, batch_idx, attention_mask[batch_idx].bool()] = llm_positions.to(position_ids.device)
            else:
                position_ids[:, batch_idx] = llm_positions.to(position_ids.device)
            mrope_position_deltas.append(llm_positions.max() + 1 - len(current_input_ids))
        mrope_position_deltas = torch.tensor(mrope_position_deltas, device=input_ids.device).unsqueeze(1)
        return position_ids, mrope_position_deltas


class Qwen2VLForConditionalGeneration_4542b8fb(Qwen2VLModel):
    """Stand-in for Qwen2VLForConditionalGeneration at 4542b8fb (4.50/4.51.dev0): get_rope_index (copied)."""

    # src/transformers/models/qwen2_vl/modeling_qwen2_vl.py @ 4542b8fb271be54d9235ac7a899c6aab2101612f
    def get_rope_index(
        self,
        input_ids: Optional[torch.LongTensor] = None,
        image_grid_thw: Optional[torch.LongTensor] = None,
        video_grid_thw: Optional[torch.LongTensor] = None,
        attention_mask: Optional[torch.Tensor] = None,
    ) -> Tuple[torch.Tensor, torch.Tensor]:
        """
        Calculate the 3D rope index based on image and video's temporal, height and width in LLM.

        Explanation:
            Each embedding sequence contains vision embedding and text embedding or just contains text embedding.

            For pure text embedding sequence, the rotary position embedding has no difference with modern LLMs.
            Examples:
                input_ids: [T T T T T], here T is for text.
                temporal position_ids: [0, 1, 2, 3, 4]
                height position_ids: [0, 1, 2, 3, 4]
                width position_ids: [0, 1, 2, 3, 4]

            For vision and text embedding sequence, we calculate 3D rotary position embedding for vision part
            and 1D rotary position embedding for text part.
            Examples:
                Assume we have a video input with 3 temporal patches, 2 height patches and 2 width patches.
                input_ids: [V V V V V V V V V V V V T T T T T], here V is for vision.
                vision temporal position_ids: [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]
                vision height position_ids: [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1]
                vision width position_ids: [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
                text temporal position_ids: [3, 4, 5, 6, 7]
                text height position_ids: [3, 4, 5, 6, 7]
                text width position_ids: [3, 4, 5, 6, 7]
                Here we calculate the text start position_ids as the max vision position_ids plus 1.

        Args:
            input_ids (`torch.LongTensor` of shape `(batch_size, sequence_length)`):
                Indices of input sequence tokens in the vocabulary. Padding will be ignored by default should you provide
                it.
            image_grid_thw (`torch.LongTensor` of shape `(num_images, 3)`, *optional*):
                The temporal, height and width of feature shape of each image in LLM.
            video_grid_thw (`torch.LongTensor` of shape `(num_videos, 3)`, *optional*):
                The temporal, height and width of feature shape of each video in LLM.
            attention_mask (`torch.Tensor` of shape `(batch_size, sequence_length)`, *optional*):
                Mask to avoid performing attention on padding token indices. Mask values selected in `[0, 1]`:

                - 1 for tokens that are **not masked**,
                - 0 for tokens that are **masked**.

        Returns:
            position_ids (`torch.LongTensor` of shape `(3, batch_size, sequence_length)`)
            mrope_position_deltas (`torch.Tensor` of shape `(batch_size)`)
        """
        spatial_merge_size = self.config.vision_config.spatial_merge_size
        image_token_id = self.config.image_token_id
        video_token_id = self.config.video_token_id
        vision_start_token_id = self.config.vision_start_token_id
        mrope_position_deltas = []
        if input_ids is not None and (image_grid_thw is not None or video_grid_thw is not None):
            total_input_ids = input_ids
            if attention_mask is None:
                attention_mask = torch.ones_like(total_input_ids)
            position_ids = torch.ones(
                3, input_ids.shape[0], input_ids.shape[1], dtype=input_ids.dtype, device=input_ids.device
            )
            image_index, video_index = 0, 0
            for i, input_ids in enumerate(total_input_ids):
                input_ids = input_ids[attention_mask[i].to(input_ids.device) == 1]
                image_nums, video_nums = 0, 0
                vision_start_indices = torch.argwhere(input_ids == vision_start_token_id).squeeze(1)
                vision_tokens = input_ids[vision_start_indices + 1]
                image_nums = (vision_tokens == image_token_id).sum()
                video_nums = (vision_tokens == video_token_id).sum()
                input_tokens = input_ids.tolist()
                llm_pos_ids_list: list = []
                st = 0
                remain_images, remain_videos = image_nums, video_nums
                for _ in range(image_nums + video_nums):
                    if image_token_id in input_tokens and remain_images > 0:
                        ed_image = input_tokens.index(image_token_id, st)
                    else:
                        ed_image = len(input_tokens) + 1
                    if video_token_id in input_tokens and remain_videos > 0:
                        ed_video = input_tokens.index(video_token_id, st)
                    else:
                        ed_video = len(input_tokens) + 1
                    if ed_image < ed_video:
                        t, h, w = (
                            image_grid_thw[image_index][0],
                            image_grid_thw[image_index][1],
                            image_grid_thw[image_index][2],
                        )
                        image_index += 1
                        remain_images -= 1
                        ed = ed_image
                    else:
                        t, h, w = (
                            video_grid_thw[video_index][0],
                            video_grid_thw[video_index][1],
                            video_grid_thw[video_index][2],
                        )
                        video_index += 1
                        remain_videos -= 1
                        ed = ed_video
                    llm_grid_t, llm_grid_h, llm_grid_w = (
                        t.item(),
                        h.item() // spatial_merge_size,
                        w.item() // spatial_merge_size,
                    )
                    text_len = ed - st

                    st_idx = llm_pos_ids_list[-1].max() + 1 if len(llm_pos_ids_list) > 0 else 0
                    llm_pos_ids_list.append(torch.arange(text_len).view(1, -1).expand(3, -1) + st_idx)

                    t_index = torch.arange(llm_grid_t).view(-1, 1).expand(-1, llm_grid_h * llm_grid_w).flatten()
                    h_index = torch.arange(llm_grid_h).view(1, -1, 1).expand(llm_grid_t, -1, llm_grid_w).flatten()
                    w_index = torch.arange(llm_grid_w).view(1, 1, -1).expand(llm_grid_t, llm_grid_h, -1).flatten()
                    llm_pos_ids_list.append(torch.stack([t_index, h_index, w_index]) + text_len + st_idx)
                    st = ed + llm_grid_t * llm_grid_h * llm_grid_w

                if st < len(input_tokens):
                    st_idx = llm_pos_ids_list[-1].max() + 1 if len(llm_pos_ids_list) > 0 else 0
                    text_len = len(input_tokens) - st
                    llm_pos_ids_list.append(torch.arange(text_len).view(1, -1).expand(3, -1) + st_idx)

                llm_positions = torch.cat(llm_pos_ids_list, dim=1).reshape(3, -1)
                position_ids[..., i, attention_mask[i] == 1] = llm_positions.to(position_ids.device)
                mrope_position_deltas.append(llm_positions.max() + 1 - len(total_input_ids[i]))
            mrope_position_deltas = torch.tensor(mrope_position_deltas, device=input_ids.device).unsqueeze(1)
            return position_ids, mrope_position_deltas
        else:
            if attention_mask is not None:
                position_ids = attention_mask.long().cumsum(-1) - 1
                position_ids.masked_fill_(attention_mask == 0, 1)
                position_ids = position_ids.unsqueeze(0).expand(3, -1, -1).to(attention_mask.device)
                max_position_ids = position_ids.max(0, keepdim=False)[0].max(-1, keepdim=True)[0]
                mrope_position_deltas = max_position_ids + 1 - attention_mask.shape[-1]
            else:
                position_ids = (
                    torch.arange(input_ids.shape[1], device=input_ids.device)
                    .view(1, 1, -1)
                    .expand(3, input_ids.shape[0], -1)
                )
                mrope_position_deltas = torch.zeros(
                    [input_ids.shape[0], 1],
                    device=input_ids.device,
                    dtype=input_ids.dtype,
                )

            return position_ids, mrope_position_deltas


class Qwen2_5_VLForConditionalGeneration_4542b8fb(Qwen2VLModel):
    """Stand-in for Qwen2_5_VLForConditionalGeneration at 4542b8fb: get_rope_index (copied)."""

    # src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py @ 4542b8fb271be54d9235ac7a899c6aab2101612f
    def get_rope_index(
        self,
        input_ids: Optional[torch.LongTensor] = None,
        image_grid_thw: Optional[torch.LongTensor] = None,
        video_grid_thw: Optional[torch.LongTensor] = None,
        second_per_grid_ts: Optional[torch.Tensor] = None,
        attention_mask: Optional[torch.Tensor] = None,
    ) -> Tuple[torch.Tensor, torch.Tensor]:
        """
        Calculate the 3D rope index based on image and video's temporal, height and width in LLM.

        Explanation:
            Each embedding sequence contains vision embedding and text embedding or just contains text embedding.

            For pure text embedding sequence, the rotary position embedding has no difference with modern LLMs.
            Examples:
                input_ids: [T T T T T], here T is for text.
                temporal position_ids: [0, 1, 2, 3, 4]
                height position_ids: [0, 1, 2, 3, 4]
                width position_ids: [0, 1, 2, 3, 4]

            For vision and text embedding sequence, we calculate 3D rotary position embedding for vision part
            and 1D rotary position embedding for text part.
            Examples:
                Temporal (Time): 3 patches, representing different segments of the video in time.
                Height: 2 patches, dividing each frame vertically.
                Width: 2 patches, dividing each frame horizontally.
                We also have some important parameters:
                fps (Frames Per Second): The video's frame rate, set to 1. This means one frame is processed each second.
                tokens_per_second: This is a crucial parameter. It dictates how many "time-steps" or "temporal tokens" are conceptually packed into a one-second interval of the video. In this case, we have 25 tokens per second. So each second of the video will be represented with 25 separate time points. It essentially defines the temporal granularity.
                temporal_patch_size: The number of frames that compose one temporal patch. Here, it's 2 frames.
                interval: The step size for the temporal position IDs, calculated as tokens_per_second * temporal_patch_size / fps. In this case, 25 * 2 / 1 = 50. This means that each temporal patch will be have a difference of 50 in the temporal position IDs.
                input_ids: [V V V V V V V V V V V V T T T T T], here V is for vision.
                vision temporal position_ids: [0, 0, 0, 0, 50, 50, 50, 50, 100, 100, 100, 100]
                vision height position_ids: [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1]
                vision width position_ids: [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
                text temporal position_ids: [101, 102, 103, 104, 105]
                text height position_ids: [101, 102, 103, 104, 105]
                text width position_ids: [101, 102, 103, 104, 105]
                Here we calculate the text start position_ids as the max vision position_ids plus 1.

        Args:
            input_ids (`torch.LongTensor` of shape `(batch_size, sequence_length)`):
                Indices of input sequence tokens in the vocabulary. Padding will be ignored by default should you provide
                it.
            image_grid_thw (`torch.LongTensor` of shape `(num_images, 3)`, *optional*):
                The temporal, height and width of feature shape of each image in LLM.
            video_grid_thw (`torch.LongTensor` of shape `(num_videos, 3)`, *optional*):
                The temporal, height and width of feature shape of each video in LLM.
            second_per_grid_ts (`torch.Tensor` of shape `(num_videos)`, *optional*):
                The time interval (in seconds) for each grid along the temporal dimension in the 3D position IDs.
            attention_mask (`torch.Tensor` of shape `(batch_size, sequence_length)`, *optional*):
                Mask to avoid performing attention on padding token indices. Mask values selected in `[0, 1]`:

                - 1 for tokens that are **not masked**,
                - 0 for tokens that are **masked**.

        Returns:
            position_ids (`torch.LongTensor` of shape `(3, batch_size, sequence_length)`)
            mrope_position_deltas (`torch.Tensor` of shape `(batch_size)`)
        """
        spatial_merge_size = self.config.vision_config.spatial_merge_size
        image_token_id = self.config.image_token_id
        video_token_id = self.config.video_token_id
        vision_start_token_id = self.config.vision_start_token_id
        mrope_position_deltas = []
        if input_ids is not None and (image_grid_thw is not None or video_grid_thw is not None):
            total_input_ids = input_ids
            if attention_mask is None:
                attention_mask = torch.ones_like(total_input_ids)
            position_ids = torch.ones(
                3,
                input_ids.shape[0],
                input_ids.shape[1],
                dtype=input_ids.dtype,
                device=input_ids.device,
            )
            image_index, video_index = 0, 0
            attention_mask = attention_mask.to(total_input_ids.device)
            for i, input_ids in enumerate(total_input_ids):
                input_ids = input_ids[attention_mask[i] == 1]
                image_nums, video_nums = 0, 0
                vision_start_indices = torch.argwhere(input_ids == vision_start_token_id).squeeze(1)
                vision_tokens = input_ids[vision_start_indices + 1]
                image_nums = (vision_tokens == image_token_id).sum()
                video_nums = (vision_tokens == video_token_id).sum()
                input_tokens = input_ids.tolist()
                llm_pos_ids_list: list = []
                st = 0
                remain_images, remain_videos = image_nums, video_nums
                for _ in range(image_nums + video_nums):
                    if image_token_id in input_tokens and remain_images > 0:
                        ed_image = input_tokens.index(image_token_id, st)
                    else:
                        ed_image = len(input_tokens) + 1
                    if video_token_id in input_tokens and remain_videos > 0:
                        ed_video = input_tokens.index(video_token_id, st)
                    else:
                        ed_video = len(input_tokens) + 1
                    if ed_image < ed_video:
                        t, h, w = (
                            image_grid_thw[image_index][0],
                            image_grid_thw[image_index][1],
                            image_grid_thw[image_index][2],
                        )
                        second_per_grid_t = 0
                        image_index += 1
                        remain_images -= 1
                        ed = ed_image

                    else:
                        t, h, w = (
                            video_grid_thw[video_index][0],
                            video_grid_thw[video_index][1],
                            video_grid_thw[video_index][2],
                        )
                        if second_per_grid_ts is not None:
                            second_per_grid_t = second_per_grid_ts[video_index]
                        else:
                            second_per_grid_t = 1.0
                        video_index += 1
                        remain_videos -= 1
                        ed = ed_video
                    llm_grid_t, llm_grid_h, llm_grid_w = (
                        t.item(),
                        h.item() // spatial_merge_size,
                        w.item() // spatial_merge_size,
                    )
                    text_len = ed - st

                    st_idx = llm_pos_ids_list[-1].max() + 1 if len(llm_pos_ids_list) > 0 else 0
                    llm_pos_ids_list.append(torch.arange(text_len).view(1, -1).expand(3, -1) + st_idx)

                    range_tensor = torch.arange(llm_grid_t).view(-1, 1)
                    expanded_range = range_tensor.expand(-1, llm_grid_h * llm_grid_w)

                    time_tensor = expanded_range * second_per_grid_t * self.config.vision_config.tokens_per_second

                    time_tensor_long = time_tensor.long()
                    t_index = time_tensor_long.flatten()

                    h_index = torch.arange(llm_grid_h).view(1, -1, 1).expand(llm_grid_t, -1, llm_grid_w).flatten()
                    w_index = torch.arange(llm_grid_w).view(1, 1, -1).expand(llm_grid_t, llm_grid_h, -1).flatten()
                    llm_pos_ids_list.append(torch.stack([t_index, h_index, w_index]) + text_len + st_idx)
                    st = ed + llm_grid_t * llm_grid_h * llm_grid_w

                if st < len(input_tokens):
                    st_idx = llm_pos_ids_list[-1].max() + 1 if len(llm_pos_ids_list) > 0 else 0
                    text_len = len(input_tokens) - st
                    llm_pos_ids_list.append(torch.arange(text_len).view(1, -1).expand(3, -1) + st_idx)

                llm_positions = torch.cat(llm_pos_ids_list, dim=1).reshape(3, -1)
                position_ids[..., i, attention_mask[i] == 1] = llm_positions.to(position_ids.device)
                mrope_position_deltas.append(llm_positions.max() + 1 - len(total_input_ids[i]))
            mrope_position_deltas = torch.tensor(mrope_position_deltas, device=input_ids.device).unsqueeze(1)
            return position_ids, mrope_position_deltas
        else:
            if attention_mask is not None:
                position_ids = attention_mask.long().cumsum(-1) - 1
                position_ids.masked_fill_(attention_mask == 0, 1)
                position_ids = position_ids.unsqueeze(0).expand(3, -1, -1).to(attention_mask.device)
                max_position_ids = position_ids.max(0, keepdim=False)[0].max(-1, keepdim=True)[0]
                mrope_position_deltas = max_position_ids + 1 - attention_mask.shape[-1]
            else:
                position_ids = (
                    torch.arange(input_ids.shape[1], device=input_ids.device)
                    .view(1, 1, -1)
                    .expand(3, input_ids.shape[0], -1)
                )
                mrope_position_deltas = torch.zeros(
                    [input_ids.shape[0], 1],
                    device=input_ids.device,
                    dtype=input_ids.dtype,
                )

            return position_ids, mrope_position_deltas


# --- helpers ------------------------------------------------------------------------------------------------------

def float32s(values):
    """float32 values in their shortest form (read back through Math.fround / float)."""
    array = values.detach().numpy() if isinstance(values, torch.Tensor) else np.asarray(values)
    return [float(repr(v)) for v in array.reshape(-1).astype(np.float32)]


def float64s(values):
    array = values.detach().numpy() if isinstance(values, torch.Tensor) else np.asarray(values)
    assert array.dtype == np.float64, array.dtype
    return [float(v) for v in array.reshape(-1)]


def close(a, b, tol):
    a = a.detach().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)
    b = b.detach().numpy() if isinstance(b, torch.Tensor) else np.asarray(b)
    assert a.shape == b.shape, (a.shape, b.shape)
    return float(np.max(np.abs(a.astype(np.float64) - b.astype(np.float64)), initial=0.0)) <= tol


def layout_2d(table, col_positions, row_positions):
    """posenc's description of a 2D table: row r = [1D(column position), 1D(row position)] (the design's 'first
    dModel/2 columns = the column index')."""
    dim = table.shape[1]
    want = np.concatenate([sincos_1d(dim // 2, col_positions), sincos_1d(dim // 2, row_positions)], axis=1)
    return close(table, want, 4.5e-16)


def f32_positions(count, size, base_size, scale):
    """diffusers' grid coordinates: np.arange(count, float32) / (size / base_size) / scale, numpy 1.24's float32
    arithmetic (a Python float operand is rounded to float32 first, each division rounded to float32)."""
    q = np.float32(size / base_size)
    return (np.arange(count, dtype=np.float32) / q) / np.float32(scale)


# --- encoding2d ---------------------------------------------------------------------------------------------------

def encoding2d_cases():
    cases = []

    def add(name, height, width, dim, opts, table, **extra):
        assert table.dtype == np.float64 and table.shape == (height * width + int(bool(opts.get("clsToken"))), dim)
        cases.append(dict(name=name, height=height, width=width, dModel=dim, opts=opts, **extra,
                          expected=float64s(table)))

    # MAE (and DiT, whose copy differs only by np.float64 and extra_tokens): square grids, float32 coordinates
    for n, dim, cls in ((4, 16, False), (14, 64, True)):
        table = mae_table(n, n, dim, cls)
        i, j = np.divmod(np.arange(n * n), n)
        assert layout_2d(table[int(cls):], j.astype(np.float32), i.astype(np.float32))
        assert not cls or not table[0].any()
        add(f"MAE get_2d_sincos_pos_embed({dim}, {n}{', cls_token=True' if cls else ''})", n, n, dim,
            dict(convention="mae", **({"clsToken": True} if cls else {})), table)

    # AudioMAE get_2d_sincos_pos_embed_flexible(embed_dim, grid_size): grid_h = arange(grid_size[0]),
    # grid_w = arange(grid_size[1]), meshgrid(grid_w, grid_h) has shape (grid_size[0], grid_size[1]) and the reshape
    # to [2, 1, grid_size[0], grid_size[1]] keeps it, so the table is the raster of a grid_size[0] x grid_size[1]
    # grid: posenc's encoding2d(grid_size[0], grid_size[1]).
    add("AudioMAE get_2d_sincos_pos_embed_flexible(16, (3, 5)): patch_hw (h, w) as PatchEmbed_new gives it", 3, 5, 16,
        dict(convention="mae"), mae_table(3, 5, 16),
        note="grid_size = (3, 5) = (rows, columns): row r = i*5 + j = [column j half | row i half]. The reshape "
             "[2, 1, grid_size[0], grid_size[1]] matches meshgrid's (rows, columns) shape, so nothing is scrambled.")
    add("AudioMAE get_2d_sincos_pos_embed_flexible(32, (8, 2)): PatchEmbed_org's patch_hw for an image of 2 x 8 "
        "patches", 8, 2, 32, dict(convention="mae"), mae_table(8, 2, 32),
        note="The quirk is in the caller: PatchEmbed_org sets patch_hw = (img_size[1] // p, img_size[0] // p) = "
             "(W, H), so an image of 2 rows x 8 columns of patches gets the table of an 8 x 2 grid, "
             "encoding2d(8, 2), while its conv tokens are the 2 x 8 raster n = i*8 + j: token n receives column "
             "n mod 2 and row n div 2, not (i, j). (PatchEmbed_new, the audio model's, passes (h, w): no quirk.)")

    # diffusers get_2d_sincos_pos_embed (what PatchEmbed calls, output_type="pt"), numpy path as a cross-check
    for dim, grid, base_size, scale in ((32, 8, 16, 1.0), (32, (6, 10), 7, 2.5)):
        height, width = (grid, grid) if isinstance(grid, int) else grid
        table = get_2d_sincos_pos_embed(dim, grid, base_size=base_size, interpolation_scale=scale, output_type="pt")
        table_np = get_2d_sincos_pos_embed_np(dim, grid, base_size=base_size, interpolation_scale=scale)
        assert table.dtype == torch.float64 and table_np.dtype == np.float64 and close(table, table_np, 4.5e-16)
        i, j = np.divmod(np.arange(height * width), width)
        rows = f32_positions(height, height, base_size, scale)[i]
        cols = f32_positions(width, width, base_size, scale)[j]
        assert layout_2d(table.numpy(), cols, rows)
        add(f"diffusers get_2d_sincos_pos_embed({dim}, {grid}, base_size={base_size}, interpolation_scale={scale})",
            height, width, dim, dict(convention="diffusers", baseSize=base_size, interpolationScale=scale),
            table.numpy())

    # SD3-style PatchEmbed: the table of a pos_embed_max_size^2 grid with base_size = height // patch_size, centre
    # crop of the latent's patch grid (forward passes latent.shape[-2:], cropped_pos_embed divides by patch_size)
    embed = PatchEmbed(height=16, width=16, patch_size=2, in_channels=4, embed_dim=32, pos_embed_max_size=12)
    latent = torch.zeros(1, 4, 12, 16)  # 6 x 8 patches
    height, width = latent.shape[-2:]
    crop32 = embed.cropped_pos_embed(height, width)[0]
    assert embed.base_size == 8 and embed.interpolation_scale == 1 and crop32.dtype == torch.float32
    # the buffer is the float64 table .float(); the same crop of the float64 table:
    embed.pos_embed = get_2d_sincos_pos_embed(32, 12, base_size=embed.base_size,
                                              interpolation_scale=embed.interpolation_scale, output_type="pt")[None]
    crop = embed.cropped_pos_embed(height, width)[0]
    assert crop.dtype == torch.float64 and torch.equal(crop.float(), crop32)
    top, left = (12 - 6) // 2, (12 - 8) // 2
    i, j = np.divmod(np.arange(6 * 8), 8)
    positions = f32_positions(12, 12, 8, 1.0)
    assert layout_2d(crop.numpy(), positions[left + j], positions[top + i])
    add("diffusers PatchEmbed(height=16, width=16, patch_size=2, embed_dim=32, pos_embed_max_size=12) on a 12 x 16 "
        "latent (6 x 8 patches): SD3's centre crop", 6, 8, 32,
        dict(convention="diffusers", posEmbedMaxSize=12, baseSize=8, interpolationScale=1), crop.numpy(),
        note="table of the 12 x 12 grid with base_size 8 (positions k / (12/8) / 1 in float32), rows 3..8 and "
             "columns 2..9 (top = (12 - 6) // 2, left = (12 - 8) // 2); the model's buffer is this .float()")
    return cases


# --- encoding3d ---------------------------------------------------------------------------------------------------

def encoding3d_cases():
    cases = []
    # CogVideoXPatchEmbed (its defaults: spatial 1.875, temporal 1.0) passes spatial_size = (width, height)
    embed = CogVideoXPatchEmbed(patch_size=2, in_channels=4, embed_dim=64, text_embed_dim=8, sample_width=12,
                                sample_height=8, sample_frames=9, max_text_seq_length=3,
                                use_learned_positional_embeddings=False)
    frames, height, width = (9 - 1) // 4 + 1, 8 // 2, 12 // 2
    table = embed.pos_embedding[0]
    assert table.dtype == torch.float64 and not table[:3].any()
    table = table[3:]
    direct = get_3d_sincos_pos_embed(64, (width, height), frames, 1.875, 1.0, output_type="pt")
    assert torch.equal(direct.flatten(0, 1), table)
    numpy_path = _get_3d_sincos_pos_embed_np(64, (width, height), frames, 1.875, 1.0)
    assert close(numpy_path.reshape(-1, 64), table, 4.5e-16)
    cases.append(dict(name="CogVideoXPatchEmbed(patch_size=2, embed_dim=64, sample_width=12, sample_height=8, "
                           "sample_frames=9): get_3d_sincos_pos_embed(64, (6, 4), 3, 1.875, 1.0)",
                      frames=frames, height=height, width=width, dModel=64,
                      opts=dict(convention="cogvideox", spatialInterpolationScale=1.875, temporalInterpolationScale=1),
                      expected=float64s(table)))
    # the function at its own default scales (1, 1)
    direct = get_3d_sincos_pos_embed(48, (5, 3), 2, output_type="pt")
    assert close(_get_3d_sincos_pos_embed_np(48, (5, 3), 2), direct, 4.5e-16)
    cases.append(dict(name="get_3d_sincos_pos_embed(48, (5, 3), 2) at its default scales", frames=2, height=3, width=5,
                      dModel=48, opts=dict(convention="cogvideox"), expected=float64s(direct.flatten(0, 1))))

    # the layout: [temporal D/4 | spatial 3D/4], spatial = [column half | row half]
    for case in cases:
        t_scale = case["opts"].get("temporalInterpolationScale", 1)
        s_scale = case["opts"].get("spatialInterpolationScale", 1)
        f, h, w, d = case["frames"], case["height"], case["width"], case["dModel"]
        t, rest = np.divmod(np.arange(f * h * w), h * w)
        i, j = np.divmod(rest, w)
        tpos = (np.arange(f, dtype=np.float32) / np.float32(t_scale))[t]
        cols = (np.arange(w, dtype=np.float32) / np.float32(s_scale))[j]
        rows = (np.arange(h, dtype=np.float32) / np.float32(s_scale))[i]
        want = np.concatenate([sincos_1d(d // 4, tpos), sincos_1d(3 * d // 8, cols), sincos_1d(3 * d // 8, rows)], 1)
        assert close(np.array(case["expected"]).reshape(-1, d), want, 4.5e-16), case["name"]
    return cases


# --- dotMatrix2d --------------------------------------------------------------------------------------------------

def dot_matrix_cases():
    mae = mae_table(3, 4, 16)
    diffusers = get_2d_sincos_pos_embed(32, (5, 3), base_size=7, interpolation_scale=2.5, output_type="pt").numpy()
    cases = []
    for name, height, width, dim, opts, table in (
            ("MAE table (3 x 4, d 16) @ its transpose", 3, 4, 16, dict(convention="mae"), mae),
            ("diffusers get_2d_sincos_pos_embed(32, (5, 3), base_size=7, interpolation_scale=2.5) @ its transpose",
             5, 3, 32, dict(convention="diffusers", baseSize=7, interpolationScale=2.5), diffusers)):
        gram = table @ table.T
        cells = height * width
        assert gram.shape == (cells, cells) and close(np.diag(gram), np.full(cells, dim / 2), 1e-13)
        cases.append(dict(name=name, height=height, width=width, dModel=dim, opts=opts, expected=float64s(gram)))
    return cases


# --- posenc's own description (the contract in the design notes), float64, to check each case against -------------

def rotate_pairs(x, angles, first, second):
    """x (rows, cols) float64: columns first[p], second[p] turned by angles[:, p]; other columns copied."""
    out = x.copy()
    a, b = x[:, first], x[:, second]
    out[:, first] = a * np.cos(angles) - b * np.sin(angles)
    out[:, second] = b * np.cos(angles) + a * np.sin(angles)
    return out


def axial_reference(x, positions, axes, base, layout):
    """pe.rope(matrix, {positions, axes, base, layout}): axis k owns axes[k]/2 consecutive pairs, its i-th pair turned
    by positions[k][row] * base^(-2i/axes[k]); 'interleaved' pairs (2p, 2p+1), 'concatenated' (p, p + R/2)."""
    angles = np.concatenate([np.multiply.outer(np.asarray(positions[k], dtype=np.float64),
                                               1.0 / np.power(float(base), np.arange(0, d, 2) / d))
                             for k, d in enumerate(axes)], axis=1)
    half = sum(axes) // 2
    p = np.arange(half)
    if layout == "interleaved":
        return rotate_pairs(x, angles, 2 * p, 2 * p + 1)
    return rotate_pairs(x, angles, p, p + half)


def mrope_reference(x, positions, theta, mrope_section):
    """pe.rope(matrix, {config, positions: [t, h, w]}): inv_freq_j = theta^(-2j/head_dim); half-pair j (j, j + D/2)
    turned by the axis that apply_multimodal_rotary_pos_emb gives it (mrope_section * 2 split, chunk i -> axis
    i % 3: the same axis for j and j + D/2)."""
    dim = x.shape[1]
    axis = np.concatenate([np.full(n, i % 3) for i, n in enumerate(mrope_section)])
    inv_freq = 1.0 / np.power(float(theta), np.arange(0, dim, 2) / dim)
    pos = np.asarray(positions, dtype=np.float64)[axis].T  # (rows, D/2)
    j = np.arange(dim // 2)
    return rotate_pairs(x, pos * inv_freq, j, j + dim // 2)


def check_rope(case, reference):
    x = np.array(case["data"], dtype=np.float32).astype(np.float64).reshape(case["rows"], case["cols"])  # fround
    expected = np.array(case["expected"]).reshape(x.shape)
    expected32 = np.array(case["expected32"], dtype=np.float32).astype(np.float64).reshape(x.shape)
    want = reference(x)
    assert close(expected, want, 1e-13), case["name"]
    # float32: |x| < 2, angle error <= |position| * (float32 inv_freq and product rounding, ~2^-22 relative)
    largest = max(abs(float(p)) for axis in case["positions"] for p in axis)
    assert close(expected32, want, 2 * 2 ** -21 * (largest + 1)), case["name"]
    return case


# --- axial RoPE ---------------------------------------------------------------------------------------------------

def flux_pos_embed_twin(ids, theta, axes_dim, dtype):
    """FluxPosEmbed.forward + get_1d_rotary_pos_embed(use_real=True, repeat_interleave_real=True) line for line,
    every .float() written .to(dtype) (theta * ntk_factor and / linear_factor are * 1.0 and / 1.0). dtype float32 is
    the model's path (asserted bit-equal to the copied code); float64 keeps the angles' float64 cos and sin."""
    pos = ids.to(dtype)
    cos_out, sin_out = [], []
    for i in range(ids.shape[-1]):
        dim = axes_dim[i]
        freqs = 1.0 / (float(theta) ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
        freqs = torch.outer(pos[:, i], freqs)
        cos_out.append(freqs.cos().repeat_interleave(2, dim=1).to(dtype))
        sin_out.append(freqs.sin().repeat_interleave(2, dim=1).to(dtype))
    return torch.cat(cos_out, dim=-1), torch.cat(sin_out, dim=-1)


def apply_rotary_emb_twin(x, cos, sin, dtype):
    """apply_rotary_emb(x, (cos, sin), use_real=True, use_real_unbind_dim=-1, sequence_dim=2) line for line,
    .float() -> .to(dtype)."""
    cos, sin = cos[None, None, :, :], sin[None, None, :, :]
    x_real, x_imag = x.reshape(*x.shape[:-1], -1, 2).unbind(-1)
    x_rotated = torch.stack([-x_imag, x_real], dim=-1).flatten(3)
    return (x.to(dtype) * cos + x_rotated.to(dtype) * sin).to(x.dtype)


def flux_case(generator):
    # FLUX.1: FluxTransformer2DModel builds FluxPosEmbed(theta=10000, axes_dim=(16, 56, 56)); the pipeline's ids for
    # 3 text tokens and a 64 x 80 px image (latent 8 x 10, packed 2 x 2 -> a 4 x 5 grid of image tokens)
    axes_dim = (16, 56, 56)
    txt_ids = torch.zeros(3, 3).to(dtype=torch.float32)
    img_ids = FluxPipeline._prepare_latent_image_ids(1, 2 * (64 // 16) // 2, 2 * (80 // 16) // 2, "cpu", torch.float32)
    ids = torch.cat((txt_ids, img_ids), dim=0)
    assert ids.shape == (23, 3) and ids[3 + 7].tolist() == [0, 1, 2]
    cos, sin = FluxPosEmbed(theta=10000, axes_dim=axes_dim)(ids)
    x32 = (torch.rand(1, 1, 23, 128, generator=generator) * 4 - 2).to(torch.float32)
    out32 = apply_rotary_emb(x32, (cos, sin), use_real=True, use_real_unbind_dim=-1)
    assert cos.dtype == out32.dtype == torch.float32
    cos32, sin32 = flux_pos_embed_twin(ids, 10000, axes_dim, torch.float32)
    assert torch.equal(cos32, cos) and torch.equal(sin32, sin)
    assert torch.equal(apply_rotary_emb_twin(x32, cos32, sin32, torch.float32), out32)
    cos64, sin64 = flux_pos_embed_twin(ids, 10000, axes_dim, torch.float64)
    out64 = apply_rotary_emb_twin(x32.double(), cos64, sin64, torch.float64)
    assert torch.equal(out32[0, 0, :3], x32[0, 0, :3]) and torch.equal(out64[0, 0, :3], x32[0, 0, :3].double())
    return dict(name="FLUX.1 FluxPosEmbed(theta=10000, axes_dim=(16, 56, 56)) on cat(txt_ids (3 text tokens), "
                     "img_ids of a 4 x 5 token grid), apply_rotary_emb(use_real_unbind_dim=-1)",
                framework="diffusers", rows=23, cols=128, data=float32s(x32),
                positions=[[int(v) for v in ids[:, k]] for k in range(3)], axes=list(axes_dim), base=10000,
                layout="interleaved",
                note="axis 0 = ids[:, 0] (0 for FLUX.1), axis 1 = image row, axis 2 = image column; text ids are 0 "
                     "(identity). float32 path: angles position * freq in float64, cos/sin rounded to float32, "
                     "rotation in float32.",
                expected=float64s(out64), expected32=float32s(out32))


def eva_freqs_twin(dim, pt_seq_len, ft_seq_len, dtype, theta=10000):
    """VisionRotaryEmbeddingFast.__init__ (freqs_for='lang') with .float() -> .to(dtype)."""
    freqs = 1. / (theta ** (torch.arange(0, dim, 2)[:(dim // 2)].to(dtype) / dim))
    t = torch.arange(ft_seq_len, dtype=dtype) / ft_seq_len * pt_seq_len
    freqs = torch.einsum('..., f -> ... f', t, freqs)
    freqs = freqs.repeat_interleave(2, dim=-1)
    freqs = broadcat((freqs[:, None, :], freqs[None, :, :]), dim=-1)
    return freqs.cos().view(-1, freqs.shape[-1]), freqs.sin().view(-1, freqs.shape[-1]), t


def eva_case(generator):
    # EVA-02 (modeling_finetune.py): VisionRotaryEmbeddingFast(dim=head_dim // 2, pt_seq_len=16 (224/14),
    # ft_seq_len=img_size // patch_size) -- here head_dim 64 and a fine-tuning grid of 8 x 8 patches
    head_dim, pt, ft = 64, 16, 8
    rope = VisionRotaryEmbeddingFast(dim=head_dim // 2, pt_seq_len=pt, ft_seq_len=ft)
    x32 = (torch.rand(1, 1, ft * ft, head_dim, generator=generator) * 4 - 2).to(torch.float32)  # cls token not included
    out32 = rope(x32)
    # timm's EVA-02: RotaryEmbeddingCat(dim=head_dim, in_pixels=False, feat_shape, ref_feat_shape=(16, 16))
    timm_rope = RotaryEmbeddingCat(head_dim, in_pixels=False, feat_shape=[ft, ft], ref_feat_shape=[pt, pt])
    assert torch.equal(apply_rot_embed_cat(x32, timm_rope.get_embed()), out32)
    cos32, sin32, _ = eva_freqs_twin(head_dim // 2, pt, ft, torch.float32)
    assert torch.equal(cos32, rope.freqs_cos) and torch.equal(sin32, rope.freqs_sin)
    cos64, sin64, t = eva_freqs_twin(head_dim // 2, pt, ft, torch.float64)
    out64 = x32.double() * cos64 + rotate_half_eva(x32.double()) * sin64
    rows, cols = np.divmod(np.arange(ft * ft), ft)
    return dict(name="EVA-02 VisionRotaryEmbeddingFast(dim=32, pt_seq_len=16, ft_seq_len=8) (head_dim 64, 8 x 8 "
                     "patches); timm RotaryEmbeddingCat(64, in_pixels=False, ref_feat_shape=(16, 16)) gives the "
                     "same bits", framework="eva", rows=ft * ft, cols=head_dim, data=float32s(x32),
                positions=[[float(t[r]) for r in rows], [float(t[c]) for c in cols]],
                axes=[head_dim // 2, head_dim // 2],
                base=10000, layout="interleaved",
                note="positions t = arange(ft) / ft * pt (= 0, 2, ..., 14), token n = row * 8 + column; first 32 "
                     "columns = row, last 32 = column, each frequency on an adjacent pair. The model skips the cls "
                     "token (not in data).", expected=float64s(out64), expected32=float32s(out32))


def apply_rotary_pos_emb_vision_twin(q, cos, sin, dtype):
    """apply_rotary_pos_emb_vision with .float() -> .to(dtype) (q only)."""
    q = q.to(dtype)
    cos, sin = cos.unsqueeze(-2).to(dtype), sin.unsqueeze(-2).to(dtype)
    return (q * cos) + (rotate_half(q) * sin)


def qwen_vision_case(generator, grid, what):
    # Qwen2-VL-7B's vision tower (Qwen2VLVisionConfig defaults): embed_dim 1280 / num_heads 16 = head_dim 80,
    # spatial_merge_size 2; Qwen2.5-VL's tower does the same (Qwen2_5_VisionRotaryEmbedding, get_vision_position_ids)
    head_dim, merge = 80, 2
    grid_thw = torch.tensor([grid])
    tower = Qwen2VisionTransformer(head_dim, merge)
    position_ids, (cos, sin) = tower.position_embeddings(grid_thw)
    cos_old, sin_old = Qwen2VisionTransformer_4542b8fb(head_dim, merge).position_embeddings(grid_thw)
    assert torch.equal(cos_old, cos) and torch.equal(sin_old, sin)
    n = grid[0] * grid[1] * grid[2]
    q32 = (torch.rand(n, 1, head_dim, generator=generator) * 4 - 2).to(torch.float32)  # (tokens, heads, head_dim)
    out32, _ = apply_rotary_pos_emb_vision(q32, q32, cos, sin)
    assert torch.equal(apply_rotary_pos_emb_vision_twin(q32, cos, sin, torch.float32), out32)
    # VisionRotaryEmbedding's inv_freq line with dtype=torch.float64 (dim = head_dim // 2, theta 10000.0)
    dim = head_dim // 2
    tower.rotary_pos_emb.inv_freq = 1.0 / (10000.0 ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
    _, (cos64, sin64) = tower.position_embeddings(grid_thw)
    out64 = apply_rotary_pos_emb_vision_twin(q32, cos64, sin64, torch.float64)
    return dict(name=f"Qwen2-VL vision tower, {what} grid_thw {grid}: VisionRotaryEmbedding(40), "
                     "get_vision_position_ids (spatial_merge_size 2), apply_rotary_pos_emb_vision",
                framework="transformers", rows=n, cols=head_dim, data=float32s(q32),
                positions=[position_ids[:, 0].tolist(), position_ids[:, 1].tolist()], axes=[40, 40], base=10000,
                layout="concatenated",
                note="token order block-major over 2 x 2 merge windows (rows 0,0,1,1 / columns 0,1,0,1 first), the "
                     "(h, w) ids repeated for each of the t frames (no temporal channel); pairs (j, j + 40): j < 20 "
                     "row, 20 <= j < 40 column. Same numbers from the 4542b8fb rot_pos_emb (asserted).",
                expected=float64s(out64), expected32=float32s(out32))


def axial_cases(generator):
    cases = [flux_case(generator), eva_case(generator),
             qwen_vision_case(generator, [1, 4, 6], "image"), qwen_vision_case(generator, [2, 4, 4], "video")]
    for case in cases:
        check_rope(case, lambda x: axial_reference(x, case["positions"], case["axes"], case["base"], case["layout"]))
    return cases


# --- M-RoPE (Qwen2-VL / Qwen2.5-VL LLM) ---------------------------------------------------------------------------

PROMPT = [{"text": 5}, {"image": [1, 4, 6]}, {"text": 3}, {"video": [8, 4, 4], "secondsPerGrid": 2}, {"text": 4}]


def read_config(file):
    with open(os.path.join(CONFIGS, file)) as f:
        raw = json.load(f)
    config = SimpleNamespace(**raw)
    config.vision_config = SimpleNamespace(**raw["vision_config"])
    # transformers v5 loads the legacy rope_scaling {"type": "mrope", "mrope_section": [...]} as rope_parameters with
    # rope_type "default" (Qwen2_5_VLTextConfig.convert_rope_params_to_dict, Qwen2VL's alike) and rope_theta
    scaling = raw["rope_scaling"]
    assert scaling.get("type") == "mrope"
    config.rope_parameters = dict(rope_type="default", rope_theta=raw["rope_theta"],
                                  mrope_section=scaling["mrope_section"])
    return raw, config


def prompt_ids(config, segments):
    """input_ids as the processor lays them out: <|vision_start|> pads <|vision_end|>, the start/end tokens counted
    in the neighbouring text segments; image/video segments are t*h*w / merge^2 pad tokens."""
    merge = config.vision_config.spatial_merge_size
    ids, images, videos, seconds = [], [], [], []
    for k, segment in enumerate(segments):
        if "text" in segment:
            text = [1000 + len(ids) + n for n in range(segment["text"])]
            if k > 0 and "text" not in segments[k - 1]:
                text[0] = config.vision_end_token_id
            if k + 1 < len(segments) and "text" not in segments[k + 1]:
                text[-1] = config.vision_start_token_id
            ids += text
        else:
            grid = segment.get("image") or segment.get("video")
            pad = config.image_token_id if "image" in segment else config.video_token_id
            ids += [pad] * (grid[0] * grid[1] * grid[2] // merge ** 2)
            (images if "image" in segment else videos).append(grid)
            if "video" in segment:
                seconds.append(segment.get("secondsPerGrid", 1.0))
    return ids, images, videos, seconds


def rope_index(model_type, config, segments):
    """get_rope_index at decba1d2 and at 4542b8fb -> (positions, positions_old, input_ids): (3, L) lists each."""
    ids, images, videos, seconds = prompt_ids(config, segments)
    input_ids = torch.tensor([ids])
    mm_token_type_ids = (input_ids == config.image_token_id).int() + 2 * (input_ids == config.video_token_id).int()
    image_grid_thw = torch.tensor(images) if images else None
    video_grid_thw = torch.tensor(videos) if videos else None
    if model_type == "qwen2_vl":
        new, _ = Qwen2VLModel(config).get_rope_index(input_ids, mm_token_type_ids, image_grid_thw, video_grid_thw)
        old, _ = Qwen2VLForConditionalGeneration_4542b8fb(config).get_rope_index(input_ids, image_grid_thw,
                                                                                 video_grid_thw)
    else:
        # the processor's second_per_grid_ts = temporal_patch_size / fps (a list, float32 once a tensor)
        seconds32 = torch.tensor(seconds, dtype=torch.float32) if seconds else None
        new, _ = Qwen2_5_VLModel(config).get_rope_index(input_ids, mm_token_type_ids, image_grid_thw,
                                                        video_grid_thw, second_per_grid_ts=seconds32)
        old_model = Qwen2_5_VLForConditionalGeneration_4542b8fb(config)
        old, _ = old_model.get_rope_index(input_ids, image_grid_thw, video_grid_thw, second_per_grid_ts=seconds32)
        old64, _ = old_model.get_rope_index(input_ids, image_grid_thw, video_grid_thw,
                                            second_per_grid_ts=torch.tensor(seconds, dtype=torch.float64))
        assert torch.equal(old64, old)  # float32 or float64 seconds: the same truncations here
    # Qwen's own code (qwen_rope2d.py: the rule the checkpoints were trained with, tokens_per_second 2 written
    # in) gives 4542b8fb's ids: pe.mropePositions' default, textStart 'max+1'.
    merge = config.vision_config.spatial_merge_size
    if model_type == "qwen2_vl":
        qwen, _ = get_rope_index_2(merge, input_ids, image_grid_thw, video_grid_thw)
    else:
        assert config.vision_config.tokens_per_second == 2
        qwen, _ = get_rope_index_25(merge, input_ids, image_grid_thw, video_grid_thw, second_per_grid_ts=seconds32)
    assert torch.equal(qwen, old), (qwen, old)
    return new[:, 0].tolist(), old[:, 0].tolist(), ids


def positions_reference(model_type, config, segments, old):
    """pe.mropePositions as the design describes it, written independently of the copied code: text positions run
    on by one (t = h = w); a vision block starting at s has h = s + row, w = s + column on the merged grid
    (h / merge, w / merge), t = s + k for frame k (Qwen2-VL), s + k * tokens_per_second * int(secondsPerGrid)
    (Qwen2.5-VL main) or s + floor(k * secondsPerGrid * tokens_per_second) in float32 (4542b8fb; images: k = 0,
    hence s). After the
    block the next position is s + max(h, w) / merge (main) or the largest position so far + 1 (4542b8fb)."""
    merge = config.vision_config.spatial_merge_size
    t, h, w, pos = [], [], [], 0
    for segment in segments:
        if "text" in segment:
            run = list(range(pos, pos + segment["text"]))
            t, h, w, pos = t + run, h + run, w + run, pos + segment["text"]
            continue
        frames, rows, cols = segment.get("image") or segment.get("video")
        rows, cols = rows // merge, cols // merge
        seconds = segment.get("secondsPerGrid", 1.0)
        for k in range(frames):
            if "image" in segment or model_type == "qwen2_vl":
                step = k
            elif old:
                # float32 as the model has it: (k * float32 seconds) * tokens_per_second, then .long()
                product = np.float32(np.float32(k) * np.float32(seconds))
                step = math.floor(np.float32(product * np.float32(config.vision_config.tokens_per_second)))
            else:
                step = k * config.vision_config.tokens_per_second * int(seconds)
            for r in range(rows):
                for c in range(cols):
                    t.append(pos + step), h.append(pos + r), w.append(pos + c)
        pos = max(t + h + w) + 1 if old else pos + max(rows, cols)
    return [t, h, w]


def qwen_rotary_twin(inv_freq, position_ids, dtype):
    """Qwen2VLRotaryEmbedding.forward (attention_scaling 1.0) with .float() -> .to(dtype)."""
    inv_freq_expanded = inv_freq[None, None, :, None].to(dtype).expand(3, position_ids.shape[1], -1, 1)
    position_ids_expanded = position_ids[:, :, None, :].to(dtype)
    freqs = (inv_freq_expanded @ position_ids_expanded).transpose(2, 3)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos() * 1.0, emb.sin() * 1.0


def mrope_case(generator, file, name, segments, note, rotate=True):
    raw, config = read_config(file)
    positions, positions_old, ids = rope_index(raw["model_type"], config, segments)
    assert positions == positions_reference(raw["model_type"], config, segments, old=False)
    assert positions_old == positions_reference(raw["model_type"], config, segments, old=True)
    rows = len(ids)
    case = dict(name=name, config=file, segments=segments, note=note, inputIds=ids, rows=rows, positions=positions)
    if positions_old != positions:
        case["positionsOld"] = positions_old
    if not rotate:
        return case
    head_dim = raw["hidden_size"] // raw["num_attention_heads"]
    mrope_section = config.rope_parameters["mrope_section"]
    position_ids = torch.tensor(positions)[:, None, :]  # (3, batch 1, L)
    q32 = (torch.rand(1, 1, rows, head_dim, generator=generator) * 4 - 2).to(torch.float32)  # (batch, heads, L, D)
    rotary = Qwen2VLRotaryEmbedding(config)
    cos, sin = rotary(q32, position_ids)
    out32, _ = apply_multimodal_rotary_pos_emb(q32, q32, cos, sin, mrope_section)
    assert cos.dtype == out32.dtype == torch.float32
    cos_twin, sin_twin = qwen_rotary_twin(rotary.inv_freq, position_ids, torch.float32)
    assert torch.equal(cos_twin, cos) and torch.equal(sin_twin, sin)
    base = config.rope_parameters["rope_theta"]
    inv_freq64 = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
    cos64, sin64 = qwen_rotary_twin(inv_freq64, position_ids, torch.float64)
    out64, _ = apply_multimodal_rotary_pos_emb(q32.double(), q32.double(), cos64, sin64, mrope_section)
    case.update(cols=head_dim, data=float32s(q32), expected=float64s(out64), expected32=float32s(out32))
    return check_rope(case, lambda x: mrope_reference(x, positions, base, mrope_section))


def mrope_cases(generator):
    what = "text 5, image [1, 4, 6], text 3, video [8, 4, 4] (secondsPerGrid 2), text 4"
    common = ("positions: get_rope_index at transformers main decba1d2 (the text after a vision block starting at s "
              "starts at s + max(h, w) / 2); positionsOld: at 4542b8fb (4.50 era: the largest position so far + 1). "
              "They differ after the video, whose frames reach further in t than max(h, w) / 2 = 2. Rotation: "
              "inv_freq_j = 1/1e6^(2j/128) (float32 in the model, float64 for expected), cos/sin of cat(freqs, "
              "freqs), apply_multimodal_rotary_pos_emb with mrope_section [16, 24, 24]: half-pair (j, j + 64) "
              "turns by t for j < 16, h for 16 <= j < 40, w for 40 <= j < 64.")
    cases = [mrope_case(generator, "qwen2-vl-7b-instruct.json", f"Qwen2-VL-7B-Instruct: {what}", PROMPT,
                        "Qwen2-VL ignores secondsPerGrid: frame k at t = s + k. " + common),
             mrope_case(generator, "qwen2.5-vl-7b-instruct.json", f"Qwen2.5-VL-7B-Instruct: {what}", PROMPT,
                        "Qwen2.5-VL: frame k at t = s + k * tokens_per_second (2) * int(secondsPerGrid) = s + 4k "
                        "(4542b8fb: floor(k * 2.0 * 2), the same). " + common)]
    for seconds in (0.5, 1 / 3, 1.5):
        segments = [dict(s, secondsPerGrid=seconds) if "video" in s else s for s in PROMPT]
        cases.append(mrope_case(
            generator, "qwen2.5-vl-7b-instruct.json",
            f"Qwen2.5-VL-7B-Instruct, secondsPerGrid {seconds:.6g} (positions only)", segments,
            f"main truncates the seconds first: time interval = 2 * int({seconds:.6g}) = {2 * int(seconds)}"
            + (", so every frame sits at t = s" if int(seconds) == 0 else "")
            + f"; 4542b8fb (positionsOld) truncates the product: t = s + floor(k * {seconds:.6g} * 2), computed "
            "in float32 (the processor's second_per_grid_ts tensor). transformers PR 48669 (merged after decba1d2) "
            "moves main to the product rule. No rotation data: the rotation is the cases above.", rotate=False))
    return cases


# --- the file -----------------------------------------------------------------------------------------------------

NOTE = (
    "Grids are raster, row i outer: r = i*W + j (encoding3d: frame outer, then raster). 2D tables: first dModel/2 "
    "columns = the column index j (the half MAE's code calls emb_h), second = the row index i, each [sin | cos] over "
    "omega_k = base^(-k/(dModel/4)); 3D: [temporal dModel/4 | spatial 3dModel/4 (column half, row half)]. "
    "Expected tables are float64: MAE/AudioMAE re-implemented (CC BY-NC), diffusers run (output_type 'pt'; its numpy "
    "path asserted equal to 4.5e-16). diffusers positions are float32: float32(float32(j) / float32(W / baseSize)) "
    "/ float32(interpolationScale), each division rounded to float32; CogVideoX: float32(j) / float32(scale). "
    "dotMatrix2d: the float64 table @ its transpose. axial and mrope: data = float32 inputs in shortest form (read "
    "them through Math.fround), expected = the framework's code run in float64, expected32 = its own float32 "
    "arithmetic. mrope positions = transformers main decba1d2, positionsOld = 4542b8fb where they differ (Qwen's "
    "own rope2d.py gives the same ids: asserted); the "
    "fractional-secondsPerGrid cases carry positions only.")


def write(sections):
    data = dict(generatedBy="scripts/golden/vision.py", sources=SOURCES, note=NOTE)
    data.update(sections)
    with open(OUT, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    print(OUT, os.path.getsize(OUT), "bytes;", ", ".join(f"{k}: {len(v)}" for k, v in sections.items()))


if __name__ == "__main__":
    generator = torch.Generator().manual_seed(38)
    write(dict(encoding2d=encoding2d_cases(), encoding3d=encoding3d_cases(), dotMatrix2d=dot_matrix_cases(),
               axial=axial_cases(generator), mrope=mrope_cases(generator)))
