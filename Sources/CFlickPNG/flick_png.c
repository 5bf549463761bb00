#include "flick_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    int ran_out;
    char *message;
    size_t message_size;
} reader;

static void read_bytes(png_structp png, png_bytep data, png_size_t count) {
    reader *source = (reader *)png_get_io_ptr(png);
    if (source->length - source->offset < count) {
        source->ran_out = 1;
        png_error(png, "read beyond end of data");
    }
    memcpy(data, source->bytes + source->offset, count);
    source->offset += count;
}

static void on_error(png_structp png, png_const_charp text) {
    reader *source = (reader *)png_get_error_ptr(png);
    if (source->message_size > 0) {
        strncpy(source->message, text ? text : "libpng error", source->message_size - 1);
        source->message[source->message_size - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

flick_png_status flick_png_decode_reduced(
    const uint8_t *bytes, size_t length, uint32_t factor, uint8_t *out, size_t out_stride, uint32_t out_width,
    uint32_t out_height, char *message, size_t message_size) {
    reader source = {bytes, length, 0, 0, message, message_size};
    if (message_size > 0) message[0] = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
    if (!png) return FLICK_PNG_CORRUPT;
    png_infop info = png_create_info_struct(png);
    // Volatile: assigned between setjmp and a longjmp back to it.
    png_bytep volatile row = NULL;
    // 64-bit sums: a block of over 16.8 M pixels (5000 × 5000 → 1 × 1) overflows 32 bits.
    uint64_t *volatile sums = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(row);
        free(sums);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return source.ran_out ? FLICK_PNG_TRUNCATED : FLICK_PNG_CORRUPT;
    }
    png_set_read_fn(png, &source, read_bytes);
    png_read_info(png, info);
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE || factor == 0) {
        png_destroy_read_struct(&png, &info, NULL);
        return FLICK_PNG_INTERLACED;
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_bgr(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    uint32_t width = png_get_image_width(png, info);
    uint32_t height = png_get_image_height(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4 || width / factor != out_width || height / factor != out_height ||
        out_width == 0 || out_height == 0) {
        png_error(png, "unexpected row layout");
    }
    row = malloc((size_t)width * 4);
    sums = calloc((size_t)out_width * 4, sizeof(uint64_t));
    if (!row || !sums) png_error(png, "out of memory");

    uint32_t block_rows = 0;
    uint32_t out_row = 0;
    for (uint32_t y = 0; y < height; y++) {
        png_read_row(png, row, NULL);
        block_rows++;
        uint32_t x = 0;
        for (uint32_t column = 0; column < out_width; column++) {
            uint32_t end = column + 1 < out_width ? x + factor : width;
            uint64_t *sum = sums + (size_t)column * 4;
            uint64_t b = sum[0], g = sum[1], r = sum[2], a = sum[3];
            for (; x < end; x++) {
                const png_bytep pixel = row + (size_t)x * 4;
                uint32_t alpha = pixel[3];
                if (alpha == 255) {
                    b += pixel[0];
                    g += pixel[1];
                    r += pixel[2];
                } else {
                    b += (pixel[0] * alpha + 127) / 255;
                    g += (pixel[1] * alpha + 127) / 255;
                    r += (pixel[2] * alpha + 127) / 255;
                }
                a += alpha;
            }
            sum[0] = b;
            sum[1] = g;
            sum[2] = r;
            sum[3] = a;
        }
        // The last block row also takes the rows left over below it.
        int last = out_row + 1 == out_height;
        if (last ? y + 1 != height : block_rows < factor) continue;
        uint8_t *target = out + (size_t)out_row * out_stride;
        for (uint32_t column = 0; column < out_width; column++) {
            uint32_t block_columns = column + 1 < out_width ? factor : width - column * factor;
            uint64_t count = (uint64_t)block_rows * block_columns;
            uint64_t *sum = sums + (size_t)column * 4;
            for (int channel = 0; channel < 4; channel++) {
                target[(size_t)column * 4 + channel] = (uint8_t)((sum[channel] + count / 2) / count);
                sum[channel] = 0;
            }
        }
        block_rows = 0;
        out_row++;
    }
    png_read_end(png, NULL);
    free(row);
    free(sums);
    png_destroy_read_struct(&png, &info, NULL);
    return FLICK_PNG_OK;
}

/// Adds one premultiplied BGRA pixel to a block's four sums.
static inline void add_pixel(uint64_t *sum, const png_byte *pixel) {
    uint32_t alpha = pixel[3];
    if (alpha == 255) {
        sum[0] += pixel[0];
        sum[1] += pixel[1];
        sum[2] += pixel[2];
    } else {
        sum[0] += (pixel[0] * alpha + 127) / 255;
        sum[1] += (pixel[1] * alpha + 127) / 255;
        sum[2] += (pixel[2] * alpha + 127) / 255;
    }
    sum[3] += alpha;
}

/// The output block a crop-relative coordinate falls in; the last block takes the leftovers.
static inline uint32_t block_of(uint32_t offset, uint32_t factor, uint32_t blocks) {
    uint32_t block = offset / factor;
    return block < blocks ? block : blocks - 1;
}

/// Pixels a block covers along one axis.
static inline uint32_t block_span(uint32_t block, uint32_t factor, uint32_t blocks, uint32_t extent) {
    return block + 1 < blocks ? factor : extent - block * factor;
}

static void write_row(uint8_t *target, uint64_t *sums, uint32_t out_width, uint32_t factor, uint32_t crop_width,
                      uint32_t block_rows) {
    for (uint32_t column = 0; column < out_width; column++) {
        uint64_t count = (uint64_t)block_rows * block_span(column, factor, out_width, crop_width);
        uint64_t *sum = sums + (size_t)column * 4;
        for (int channel = 0; channel < 4; channel++) {
            target[(size_t)column * 4 + channel] = (uint8_t)((sum[channel] + count / 2) / count);
            sum[channel] = 0;
        }
    }
}

flick_png_status flick_png_decode_region(
    const uint8_t *bytes, size_t length, flick_png_crop crop, uint32_t factor, uint8_t *out, size_t out_stride,
    uint32_t out_width, uint32_t out_height, char *message, size_t message_size) {
    reader source = {bytes, length, 0, 0, message, message_size};
    if (message_size > 0) message[0] = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
    if (!png) return FLICK_PNG_CORRUPT;
    png_infop info = png_create_info_struct(png);
    png_bytep volatile row = NULL;
    uint64_t *volatile sums = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(row);
        free(sums);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return source.ran_out ? FLICK_PNG_TRUNCATED : FLICK_PNG_CORRUPT;
    }
    png_set_read_fn(png, &source, read_bytes);
    png_read_info(png, info);
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_bgr(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    // No png_set_interlace_handling: an interlaced file's rows come pass by pass, each row of
    // a pass's sub-image holding every 2nd/4th/8th pixel of one image row.
    png_read_update_info(png, info);
    uint32_t width = png_get_image_width(png, info);
    uint32_t height = png_get_image_height(png, info);
    if (factor == 0 || out_width == 0 || out_height == 0 || crop.width == 0 || crop.height == 0 ||
        crop.x > width || crop.width > width - crop.x || crop.y > height || crop.height > height - crop.y ||
        crop.width / factor != out_width || crop.height / factor != out_height ||
        png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_error(png, "unexpected row layout");
    }
    row = malloc((size_t)width * 4);
    size_t sum_rows = interlaced ? out_height : 1;
    sums = calloc((size_t)out_width * sum_rows * 4, sizeof(uint64_t));
    if (!row || !sums) png_error(png, "out of memory");

    if (!interlaced) {
        uint32_t block_rows = 0;
        uint32_t out_row = 0;
        uint32_t end_row = crop.y + crop.height;
        // Every row is read, those outside the crop too: a file cut short or damaged below the
        // crop is named so, as a whole decode would.
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, row, NULL);
            if (y < crop.y || y >= end_row) continue;
            block_rows++;
            // Block by block with the sums in locals: no division per pixel (the hot loop of
            // every PNG thumbnail).
            const png_byte *pixel = row + (size_t)crop.x * 4;
            for (uint32_t column = 0; column < out_width; column++) {
                uint32_t span = block_span(column, factor, out_width, crop.width);
                uint64_t *sum = sums + (size_t)column * 4;
                uint64_t b = sum[0], g = sum[1], r = sum[2], a = sum[3];
                for (uint32_t i = 0; i < span; i++, pixel += 4) {
                    uint32_t alpha = pixel[3];
                    if (alpha == 255) {
                        b += pixel[0];
                        g += pixel[1];
                        r += pixel[2];
                    } else {
                        b += (pixel[0] * alpha + 127) / 255;
                        g += (pixel[1] * alpha + 127) / 255;
                        r += (pixel[2] * alpha + 127) / 255;
                    }
                    a += alpha;
                }
                sum[0] = b;
                sum[1] = g;
                sum[2] = r;
                sum[3] = a;
            }
            int last = out_row + 1 == out_height;
            if (last ? y + 1 != end_row : block_rows < factor) continue;
            write_row(out + (size_t)out_row * out_stride, sums, out_width, factor, crop.width, block_rows);
            block_rows = 0;
            out_row++;
        }
        png_read_end(png, NULL);
    } else {
        for (int pass = 0; pass < 7; pass++) {
            uint32_t columns = PNG_PASS_COLS(width, pass);
            uint32_t rows = PNG_PASS_ROWS(height, pass);
            if (columns == 0 || rows == 0) continue;  // libpng skips empty passes too
            for (uint32_t pass_row = 0; pass_row < rows; pass_row++) {
                png_read_row(png, row, NULL);
                uint32_t y = PNG_ROW_FROM_PASS_ROW(pass_row, pass);
                if (y < crop.y || y >= crop.y + crop.height) continue;
                uint64_t *sum_row = sums + (size_t)block_of(y - crop.y, factor, out_height) * out_width * 4;
                for (uint32_t pass_column = 0; pass_column < columns; pass_column++) {
                    uint32_t x = PNG_COL_FROM_PASS_COL(pass_column, pass);
                    if (x < crop.x || x >= crop.x + crop.width) continue;
                    add_pixel(sum_row + (size_t)block_of(x - crop.x, factor, out_width) * 4, row + (size_t)pass_column * 4);
                }
            }
        }
        for (uint32_t out_row = 0; out_row < out_height; out_row++) {
            write_row(out + (size_t)out_row * out_stride, sums + (size_t)out_row * out_width * 4, out_width, factor, crop.width,
                      block_span(out_row, factor, out_height, crop.height));
        }
        png_read_end(png, NULL);
    }
    free(row);
    free(sums);
    png_destroy_read_struct(&png, &info, NULL);
    return FLICK_PNG_OK;
}
