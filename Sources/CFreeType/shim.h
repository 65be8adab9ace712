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
static const FT_Int32 GL_FT_LOAD_BITMAP_METRICS_ONLY = FT_LOAD_BITMAP_METRICS_ONLY;

/* Variable fonts: the one call of ftmm.h Ghostline needs. Including ftmm.h itself changes how Swift imports
   FT_Glyph_Format's constants (FT_GLYPH_FORMAT_OUTLINE disappears), so the declaration is repeated here as
   freetype.h's FT_EXPORT writes it. */
FT_EXPORT( FT_Error )
FT_Set_Var_Design_Coordinates( FT_Face face, FT_UInt num_coords, FT_Fixed* coords );

/* FT_GLYPH_FORMAT_OUTLINE under a name only this module declares: a Swift file of a module that imports CHarfBuzz
   too (whose hb-ft.h includes the same FreeType headers) can lose sight of the original constant. */
static const FT_Glyph_Format GL_FT_GLYPH_FORMAT_OUTLINE = FT_GLYPH_FORMAT_OUTLINE;
