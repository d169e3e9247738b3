// posenc: the sinusoidal positional encodings of "Attention Is All You Need" and their structure.
#pragma once

#include "alibi.hpp"        // alibiSlopes, alibiBiasInto (ALiBi)
#include "arguments.hpp"    // rules, caps and ArgumentError
#include "buckets.hpp"      // relativePositionBucket (T5)
#include "dot.hpp"          // dotKernel (the Toeplitz row), dotMatrix (direct product)
#include "encoding.hpp"     // encoding, encode, addTo
#include "frequencies.hpp"  // frequencies, periods
#include "grid.hpp"         // encoding2d, encoding3d, dotMatrix2d (images and video)
#include "rope.hpp"         // ropeFrequencies, ropeInto (rotary embeddings)
#include "rope_axes.hpp"    // axialRope, mropeRope, ropeAxesInto (RoPE over several axes)
#include "rotation.hpp"     // rotation, shift
#include "scheme.hpp"       // Scheme: base, Spacing, Layout
#include "toeplitz.hpp"     // nearestToeplitz (how far a table is from offset-only dot products)
#include "torch_pow.hpp"    // torch's float32 pow (ropeFrequenciesFloat32's)
