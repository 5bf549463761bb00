#include <turbojpeg.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <png.h>
