/* text_loader.c: the line loop and field messages of the text loaders (see text_loader.h). */
#include "text_loader.h"

/* 1 if c is one of the syntax's comment characters (a loop: strchr costs more for one or two). */
static inline int is_comment_start(const mst_line_syntax *syntax, char c)
{
    for (const char *k = syntax->comment; *k != '\0'; k++)
        if (*k == c)
            return 1;
    return 0;
}

mst_status mst_text_for_each_line(mst_reader *r, const mst_line_syntax *syntax,
                                  mst_line_handler handle, void *state)
{
    for (;;) {
        char *line;
        size_t len;
        mst_status st = mst_reader_next_line(r, &line, &len);
        if (st != MST_OK || line == NULL)
            return st;
        const char *p = mst_skip_blanks(line);
        if (*p == '\0' ? !syntax->blank_is_data : is_comment_start(syntax, *p))
            continue;
        if ((st = handle(r, state, p, line + len)) != MST_OK)
            return st;
    }
}

mst_status mst_text_field_fail(const mst_reader *r, int tok, const char *p, const char *what,
                               const char *expected)
{
    char text[48];
    if (tok == MST_TOK_RANGE)
        return mst_reader_fail(r, "%s %s out of range", what, mst_token_text(p, text));
    return mst_reader_fail(r, "expected %s, found %s", expected, mst_token_text(p, text));
}

mst_status mst_text_line_end_fail(const mst_reader *r, const char *p, const char *expected)
{
    char text[48];
    p = mst_skip_blanks(p);
    if (*p != '\0')
        return mst_reader_fail(r, "expected %s, found extra field %s", expected,
                               mst_token_text(p, text));
    return mst_reader_fail(r, "NUL byte in line");
}
