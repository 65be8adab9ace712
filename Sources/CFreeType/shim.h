#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_GLYPH_H
#include FT_BBOX_H
#include FT_SFNT_NAMES_H

/* FT_LOAD_* are `(1L << n)` and import as Int; FT_LOAD_TARGET_* are function-like macros and do not
   import at all. These constants give Swift the exact flags the rasterizer uses. */
static const FT_Int32 GL_FT_LOAD_NO_HINTING = FT_LOAD_NO_HINTING;
static const FT_Int32 GL_FT_LOAD_NO_BITMAP = FT_LOAD_NO_BITMAP;
static const FT_Int32 GL_FT_LOAD_NO_SCALE = FT_LOAD_NO_SCALE;
static const FT_Int32 GL_FT_LOAD_DEFAULT = FT_LOAD_DEFAULT;
static const FT_Int32 GL_FT_LOAD_COLOR = FT_LOAD_COLOR;
