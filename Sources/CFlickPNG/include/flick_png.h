#ifndef FLICK_PNG_H
#define FLICK_PNG_H

#include <stddef.h>
#include <stdint.h>

/// Outcome of flick_png_decode_reduced.
typedef enum {
    FLICK_PNG_OK = 0,
    /// Interlaced (Adam7): rows are not final until the last pass; decode the whole image instead.
    FLICK_PNG_INTERLACED = 1,
    /// The data ended before the image did.
    FLICK_PNG_TRUNCATED = 2,
    /// libpng refused the data; the message says why.
    FLICK_PNG_CORRUPT = 3,
} flick_png_status;

/// Decodes a PNG row by row, averaging each `factor` × `factor` block of premultiplied pixels as
/// the rows arrive, so only one source row and one row of sums are held, never the whole image.
/// Writes premultiplied BGRA (Cairo's ARGB32 in memory) into `out`: `out_width` =
/// floor(width / factor), `out_height` = floor(height / factor), rows `out_stride` bytes apart.
/// The last block column and row also take the pixels left over past them, so every output
/// pixel covers nearly the same share of the image (a 1-pixel sliver never becomes a pixel).
///
/// libpng reports errors by longjmp; this function keeps that inside C, so Swift never
/// unwinds through it. Thread-safe: no shared state.
flick_png_status flick_png_decode_reduced(
    const uint8_t *bytes, size_t length, uint32_t factor, uint8_t *out, size_t out_stride, uint32_t out_width,
    uint32_t out_height, char *message, size_t message_size);

/// The region of the image a cropped decode reads: columns `x` ..< `x + width`, rows
/// `y` ..< `y + height`.
typedef struct {
    uint32_t x;
    uint32_t y;
    uint32_t width;
    uint32_t height;
} flick_png_crop;

/// As flick_png_decode_reduced, over `crop` only (pixels outside it are read and dropped, never
/// kept), and for interlaced (Adam7) files too: their passes are read as the sub-images they
/// are and each pixel is added to its block's sums, so an interlaced file never needs the whole
/// image either. `out_width` = floor(crop.width / factor), `out_height` = floor(crop.height /
/// factor); the last block column and row take the crop's leftover pixels. Memory: one source
/// row (4 × width bytes) and one row of sums (32 × out_width bytes), or for an interlaced file
/// sums for every output pixel (32 × out_width × out_height bytes).
flick_png_status flick_png_decode_region(
    const uint8_t *bytes, size_t length, flick_png_crop crop, uint32_t factor, uint8_t *out, size_t out_stride,
    uint32_t out_width, uint32_t out_height, char *message, size_t message_size);

#endif
