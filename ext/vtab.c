/* vtab.c - the kit of the table-valued functions (see vtab.h). */
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include "vtab.h"

int ext_vtab_connect(sqlite3 *db, const ext_table *table, void *aux, sqlite3_vtab **out)
{
    ext_vtab *vtab;
    int rc = sqlite3_declare_vtab(db, table->schema);
    if (rc != SQLITE_OK)
        return rc;
    vtab = sqlite3_malloc(sizeof *vtab);
    if (!vtab)
        return SQLITE_NOMEM;
    memset(vtab, 0, sizeof *vtab);
    vtab->table = table;
    vtab->db = db;
    vtab->aux = aux;
    /* DIRECTONLY: only SQL written by the caller may use it (no view,
     * trigger or schema of someone else's database); INNOCUOUS: safe in
     * them even under PRAGMA trusted_schema=OFF. */
    sqlite3_vtab_config(db, table->direct_only ? SQLITE_VTAB_DIRECTONLY : SQLITE_VTAB_INNOCUOUS);
    *out = &vtab->base;
    return SQLITE_OK;
}

int ext_vtab_disconnect(sqlite3_vtab *vtab)
{
    sqlite3_free(vtab);
    return SQLITE_OK;
}

int ext_vtab_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
    size_t size = ((ext_vtab *)vtab)->table->cursor_size;
    sqlite3_vtab_cursor *cur = sqlite3_malloc64(size);
    if (!cur)
        return SQLITE_NOMEM;
    memset(cur, 0, size);
    *out = cur;
    return SQLITE_OK;
}

int ext_vtab_close(sqlite3_vtab_cursor *cur)
{
    const ext_table *table = ext_vtab_table(cur);
    if (table->cursor_free)
        table->cursor_free(cur);
    sqlite3_free(cur);
    return SQLITE_OK;
}

int ext_vtab_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
    const ext_table *table = ext_vtab_table(cur);
    sqlite3_int64 row;
    memcpy(&row, (const char *)cur + table->row_offset, sizeof row);
    *rowid = row + table->rowid_base;
    return SQLITE_OK;
}

int ext_vtab_plan_args(const ext_table *table, sqlite3_index_info *info)
{
    int use[EXT_VTAB_MAX_ARGS], idx = 0, seen = 0, unusable = 0, argc = 0;
    int required = (1 << table->required) - 1;
    for (int k = 0; k < table->nargs; k++)
        use[k] = -1;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        int k = c->iColumn - table->first_arg;
        if (k < 0 || k >= table->nargs || c->op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        seen |= 1 << k;
        if (!c->usable) {
            unusable |= 1 << k;
        } else if (use[k] < 0) {
            /* a second equality on the same column is left to SQLite,
             * which compares it with the value the column reports */
            use[k] = i;
            idx |= 1 << k;
        }
    }
    info->idxNum = idx;
    for (int k = 0; k < table->nargs; k++)
        if (use[k] >= 0) {
            info->aConstraintUsage[use[k]].argvIndex = ++argc;
            info->aConstraintUsage[use[k]].omit = 1;
        }
    if (unusable & ~idx)
        return EXT_PLAN_REFUSED;
    if ((seen & required) != required) {
        info->estimatedCost = 1e300;
        info->estimatedRows = INT64_MAX / 2;
        return EXT_PLAN_MISSING;
    }
    info->estimatedCost = table->cost;
    info->estimatedRows = table->rows;
    return EXT_PLAN_READY;
}

int ext_vtab_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    int plan = ext_vtab_plan_args(((ext_vtab *)vtab)->table, info);
    return plan == EXT_PLAN_REFUSED ? SQLITE_CONSTRAINT : SQLITE_OK;
}

int ext_vtab_ordered_by(sqlite3_index_info *info, int col)
{
    if (info->nOrderBy == 1 && !info->aOrderBy[0].desc &&
        (info->aOrderBy[0].iColumn == col || info->aOrderBy[0].iColumn == -1)) {
        info->orderByConsumed = 1;
        return 1;
    }
    return 0;
}

int ext_vtab_args(const ext_table *table, int idx, int argc, sqlite3_value **argv,
                  sqlite3_value *arg[EXT_VTAB_MAX_ARGS])
{
    int a = 0;
    for (int k = 0; k < EXT_VTAB_MAX_ARGS; k++)
        arg[k] = k < table->nargs && (idx >> k & 1) && a < argc ? argv[a++] : NULL;
    return a;
}

int ext_vtab_require(sqlite3_vtab_cursor *cur, sqlite3_value *const *arg, int *null)
{
    const ext_table *table = ext_vtab_table(cur);
    *null = 0;
    for (int k = 0; k < table->required; k++)
        if (!arg[k])
            return ext_vtab_error(cur, "the %s argument is missing (usage: %s)",
                                  table->arg_names[k], table->usage);
    for (int k = 0; k < table->nargs; k++)
        *null |= arg[k] && sqlite3_value_type(arg[k]) == SQLITE_NULL;
    return SQLITE_OK;
}

ext_report ext_vtab_report(sqlite3_vtab_cursor *cur)
{
    ext_report r = {ext_vtab_table(cur)->name, NULL, cur};
    return r;
}

int ext_vtab_error(sqlite3_vtab_cursor *cur, const char *fmt, ...)
{
    ext_report r = ext_vtab_report(cur);
    va_list ap;
    va_start(ap, fmt);
    ext_reportv(&r, fmt, ap);
    va_end(ap);
    return ext_vtab_failed(cur);
}

int ext_vtab_failed(sqlite3_vtab_cursor *cur)
{
    return cur->pVtab->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
}
