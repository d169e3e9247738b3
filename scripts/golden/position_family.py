"""The relative-position family as the models' own code computes it, run with Debian's python3
(python3-torch): /usr/bin/python3 scripts/golden/position_family.py

Each function below is copied verbatim from huggingface/transformers (the commit of the stored
version read is named above it); nothing else is computed here. Writes
tests/golden/position-family.json (with Whisper's, Marian's and M2M100's sinusoidal tables), which tests/js/family.test.js compares with pe.alibiSlopes,
pe.alibiBias and pe.relativePositionBuckets. CI only reads the JSON.
"""
import json
import math
import os

import numpy as np
import torch

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
OUT = os.path.join(ROOT, "tests", "golden", "position-family.json")


# src/transformers/models/bloom/modeling_bloom.py @ 9d97831a1cbb420edac062c2e8454ce9ac1c4b79 (docstring left out)
def build_alibi_tensor(attention_mask: torch.Tensor, num_heads: int, dtype: torch.dtype) -> torch.Tensor:
    batch_size, seq_length = attention_mask.shape
    closest_power_of_2 = 2 ** math.floor(math.log2(num_heads))
    base = torch.tensor(
        2 ** (-(2 ** -(math.log2(closest_power_of_2) - 3))), device=attention_mask.device, dtype=torch.float32
    )
    powers = torch.arange(1, 1 + closest_power_of_2, device=attention_mask.device, dtype=torch.int32)
    slopes = torch.pow(base, powers)

    if closest_power_of_2 != num_heads:
        extra_base = torch.tensor(
            2 ** (-(2 ** -(math.log2(2 * closest_power_of_2) - 3))), device=attention_mask.device, dtype=torch.float32
        )
        num_remaining_heads = min(closest_power_of_2, num_heads - closest_power_of_2)
        extra_powers = torch.arange(1, 1 + 2 * num_remaining_heads, 2, device=attention_mask.device, dtype=torch.int32)
        slopes = torch.cat([slopes, torch.pow(extra_base, extra_powers)], dim=0)

    # Note: alibi will added to the attention bias that will be applied to the query, key product of attention
    # => therefore alibi will have to be of shape (batch_size, num_heads, query_length, key_length)
    # => here we set (batch_size=1, num_heads=num_heads, query_length=1, key_length=max_length)
    # => the query_length dimension will then be broadcasted correctly
    # This is more or less identical to T5's relative position bias:
    # https://github.com/huggingface/transformers/blob/f681437203baa7671de3174b0fa583c349d9d5e1/src/transformers/models/t5/modeling_t5.py#L527
    arange_tensor = ((attention_mask.cumsum(dim=-1) - 1) * attention_mask)[:, None, :]
    alibi = slopes[..., None] * arange_tensor
    return alibi.reshape(batch_size * num_heads, 1, seq_length).to(dtype)


# src/transformers/models/falcon/modeling_falcon.py @ 00dcc6dda6f6d8e69541a6b51f97986a80242367: BLOOM's function but
# for `.bfloat16()` on the slopes (docstring left out)
def falcon_build_alibi_tensor(attention_mask: torch.Tensor, num_heads: int, dtype: torch.dtype) -> torch.Tensor:
    batch_size, seq_length = attention_mask.shape
    closest_power_of_2 = 2 ** math.floor(math.log2(num_heads))
    base = torch.tensor(
        2 ** (-(2 ** -(math.log2(closest_power_of_2) - 3))), device=attention_mask.device, dtype=torch.float32
    )
    powers = torch.arange(1, 1 + closest_power_of_2, device=attention_mask.device, dtype=torch.int32)
    slopes = torch.pow(base, powers)

    if closest_power_of_2 != num_heads:
        extra_base = torch.tensor(
            2 ** (-(2 ** -(math.log2(2 * closest_power_of_2) - 3))), device=attention_mask.device, dtype=torch.float32
        )
        num_remaining_heads = min(closest_power_of_2, num_heads - closest_power_of_2)
        extra_powers = torch.arange(1, 1 + 2 * num_remaining_heads, 2, device=attention_mask.device, dtype=torch.int32)
        slopes = torch.cat([slopes, torch.pow(extra_base, extra_powers)], dim=0)

    # Note: alibi will added to the attention bias that will be applied to the query, key product of attention
    # => therefore alibi will have to be of shape (batch_size, num_heads, query_length, key_length)
    # => here we set (batch_size=1, num_heads=num_heads, query_length=1, key_length=max_length)
    # => the query_length dimension will then be broadcasted correctly
    # This is more or less identical to T5's relative position bias:
    # https://github.com/huggingface/transformers/blob/f681437203baa7671de3174b0fa583c349d9d5e1/src/transformers/models/t5/modeling_t5.py#L527
    arange_tensor = ((attention_mask.cumsum(dim=-1) - 1) * attention_mask)[:, None, :]
    alibi = slopes[..., None].bfloat16() * arange_tensor
    return alibi.reshape(batch_size * num_heads, 1, seq_length).to(dtype)


# src/transformers/models/mpt/modeling_mpt.py @ 4352620161a5f53911ddc19dbfa1bd76d92c93be (docstring left out)
def build_mpt_alibi_tensor(num_heads, sequence_length, alibi_bias_max=8, device=None):
    alibi = torch.arange(1 - sequence_length, 1, dtype=torch.int32, device=device).view(1, 1, 1, sequence_length)
    num_heads_power_of_2 = 2 ** math.ceil(math.log2(num_heads))

    base = torch.arange(1, num_heads_power_of_2 + 1, dtype=torch.int64, device=device).float()
    base = base * (alibi_bias_max / num_heads_power_of_2)

    slopes = 1.0 / torch.pow(2, base)
    slopes = slopes.view(1, num_heads_power_of_2, 1, 1)

    if num_heads_power_of_2 != num_heads:
        slopes = torch.concat([slopes[:, 1::2, ...], slopes[:, ::2, ...]], dim=1)[:, :num_heads, ...]

    alibi = alibi * slopes
    return alibi.squeeze(0)


# src/transformers/models/t5/modeling_t5.py @ 6b8b757dfcb582379a64f013cdce46c43629f2b0 (T5Attention, a
# staticmethod there; docstring left out)
def _relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    relative_buckets = 0
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    # now relative_position is in the range [0, inf)

    # half of the buckets are for exact increments in positions
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact

    # The other half of the buckets are for logarithmically bigger bins in positions up to max_distance
    relative_position_if_large = max_exact + (
        torch.log(relative_position.float() / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.long)
    relative_position_if_large = torch.min(
        relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
    )

    relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
    return relative_buckets


# src/transformers/models/whisper/modeling_whisper.py @ 5c48f71a682fa7bbcbde1be5d2a2ac16cc654210
def sinusoids(length: int, channels: int, max_timescale: float = 10000) -> torch.Tensor:
    """Returns sinusoids for positional embedding"""
    if channels % 2 != 0:
        raise ValueError(
            f"Number of channels has to be divisible by 2 for sinusoidal positional embeddings, got {channels} channels."
        )
    log_timescale_increment = math.log(max_timescale) / (channels // 2 - 1)
    inv_timescales = torch.exp(-log_timescale_increment * torch.arange(channels // 2))
    scaled_time = torch.arange(length).view(-1, 1) * inv_timescales.view(1, -1)
    return torch.cat([scaled_time.sin(), scaled_time.cos()], dim=1)


# src/transformers/models/marian/modeling_marian.py @ d02747e153da5844c1abaa36eec184b0177247c0
# (MarianSinusoidalPositionalEmbedding._init_weight, a staticmethod there; docstring left out)
def _init_weight(out: torch.nn.Parameter):
    n_pos, dim = out.shape
    position_enc = np.array(
        [[pos / np.power(10000, 2 * (j // 2) / dim) for j in range(dim)] for pos in range(n_pos)]
    )
    out.requires_grad = False  # set early to avoid an error in pytorch-1.8+
    sentinel = dim // 2 if dim % 2 == 0 else (dim // 2) + 1
    out[:, 0:sentinel] = torch.FloatTensor(np.sin(position_enc[:, 0::2]))
    out[:, sentinel:] = torch.FloatTensor(np.cos(position_enc[:, 1::2]))
    out.detach_()
    return out


# src/transformers/models/m2m_100/modeling_m2m_100.py @ 593e8aa53900afea1d92e97d91b97e425b16a4c5
# (M2M100SinusoidalPositionalEmbedding.get_embedding, a staticmethod there; docstring left out)
def get_embedding(num_embeddings: int, embedding_dim: int, padding_idx=None):
    half_dim = embedding_dim // 2
    emb = math.log(10000) / (half_dim - 1)
    emb = torch.exp(torch.arange(half_dim, dtype=torch.int64).float() * -emb)
    emb = torch.arange(num_embeddings, dtype=torch.int64).float().unsqueeze(1) * emb.unsqueeze(0)
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=1).view(num_embeddings, -1)
    if embedding_dim % 2 == 1:
        # zero pad
        emb = torch.cat([emb, torch.zeros(num_embeddings, 1)], dim=1)
    if padding_idx is not None:
        emb[padding_idx, :] = 0

    return emb.to(torch.get_default_dtype())


HEADS = [1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 25, 32, 40, 48, 64, 71, 96, 112, 128]
# The relative positions T5 sees (key − query), near and far, and the rules of real configs:
# T5/mT5/LongT5 (32, 128) both ways, UMT5-style and other sizes.
RELATIVE = list(range(-300, 301)) + [-100000, -5000, -1000, -513, -512, -511, 511, 512, 513, 1000, 5000, 100000]
RULES = [(32, 128, True), (32, 128, False), (64, 256, True), (128, 1024, True), (16, 64, False), (4, 8, True)]


def main():
    slopes = {
        "bloom": {str(n): build_alibi_tensor(torch.ones((1, 2)), n, torch.float32)[:, 0, 1].tolist() for n in HEADS},
        "mpt": {str(n): (build_mpt_alibi_tensor(n, 2)[:, 0, 0] * -1).tolist() for n in HEADS},
        "falcon": {str(n): falcon_build_alibi_tensor(torch.ones((1, 2)), n, torch.float32)[:, 0, 1].tolist() for n in HEADS},
    }
    # BLOOM's bias for 12 heads over 6 positions: slope_h · j (row h, column j), float32.
    bloom_bias = build_alibi_tensor(torch.ones((1, 6)), 12, torch.float32).reshape(12, 6).tolist()
    # MPT's for 12 heads over 6 positions: slope_h · (j − 5).
    mpt_bias = build_mpt_alibi_tensor(12, 6).reshape(12, 6).tolist()
    relative = torch.tensor(RELATIVE, dtype=torch.long)
    buckets = [{"numBuckets": nb, "maxDistance": md, "bidirectional": bi,
                "buckets": _relative_position_bucket(relative, bi, nb, md).tolist()} for nb, md, bi in RULES]
    # Sinusoidal tables: the rows tokens 0 … 5 use (M2M100's start at padding_idx + 1 = 2).
    tables = {}
    for dim in (8, 16):
        tables[f"whisper-{dim}"] = sinusoids(6, dim).tolist()
        tables[f"marian-{dim}"] = _init_weight(torch.nn.Parameter(torch.empty(6, dim))).tolist()
        tables[f"m2m_100-{dim}"] = get_embedding(8, dim, padding_idx=1)[2:].tolist()
    out = {
        "about": "Written by scripts/golden/position_family.py with torch " + torch.__version__
        + ": transformers' own functions (BLOOM's and Falcon's build_alibi_tensor, MPT build_mpt_alibi_tensor, T5 _relative_position_bucket, Whisper sinusoids, Marian _init_weight, M2M100 get_embedding), float32 as they compute.",
        "heads": HEADS, "slopes": slopes, "bloomBias": bloom_bias, "mptBias": mpt_bias,
        "relative": RELATIVE, "buckets": buckets, "tables": tables,
    }
    with open(OUT, "w") as f:
        json.dump(out, f)
        f.write("\n")
    print(os.path.relpath(OUT, ROOT), "written")


if __name__ == "__main__":
    main()
