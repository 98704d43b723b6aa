/*
 * sudoku.c - the extension's entry point and its one registration table.
 *
 * Loadable: `.load ./build/sudoku` finds sqlite3_sudoku_init, the only
 * symbol the module exports. Built with -DSQLITE_CORE the same code links
 * into an application: call
 *     sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
 * before opening connections.
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include "ext.h"

/* Deterministic functions may sit in indexes, generated columns and
 * CHECK constraints, and are safe under PRAGMA trusted_schema=OFF. */
#define DETERMINISTIC (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)

/* Each function is registered with ext_null_rule as its xFunc (the NULL
 * rule of ext.h, for all of them in one place), which runs `fn.call`.
 * The user data is the entry itself (it starts with `fn`, the name and
 * the call), or, where `data` is set, what it makes per connection (which
 * also starts with `fn`), freed by `data_free` when the connection
 * closes. `shared` is one pointer per connection that the makers of the
 * functions and modules of one concern may fill and share (ext.h). */
static const struct {
    ext_function fn;
    int nargs;
    int flags;
    void *(*data)(const ext_function *fn, void **shared);
    void (*data_free)(void *);
} functions[] = {
    {{"sudoku_format", ext_format}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_format", ext_format}, 2, DETERMINISTIC, NULL, NULL},
    /* solver */
    {{"sudoku_solve", ext_solve}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_solve", ext_solve}, 2, DETERMINISTIC, NULL, NULL},
    {{"sudoku_count", ext_count}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_count", ext_count}, 2, DETERMINISTIC, NULL, NULL},

    /* canonical form */
    {{"sudoku_minlex", ext_minlex}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_minlex", ext_minlex}, 2, DETERMINISTIC, NULL, NULL},

    /* transforms and equivalence */
    {{"sudoku_transform", ext_transform}, 2, DETERMINISTIC, NULL, NULL},
    {{"sudoku_transform_inverse", ext_transform_inverse}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_transform_compose", ext_transform_compose}, 2, DETERMINISTIC, NULL, NULL},
    {{"sudoku_equiv", ext_equiv}, 2, DETERMINISTIC, NULL, NULL},
    {{"sudoku_equiv_transform", ext_equiv_transform}, 2, DETERMINISTIC, NULL, NULL},
    {{"sudoku_automorphisms", ext_automorphisms}, 1, DETERMINISTIC, NULL, NULL},

    /* rating */
    {{"sudoku_te_depth", ext_te_depth}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_te_depth", ext_te_depth}, 2, DETERMINISTIC, NULL, NULL},

    /* scrambles */
    {{"sudoku_scramble", ext_scramble}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_scramble", ext_scramble}, 2, DETERMINISTIC, NULL, NULL},

    /* reading files and messy values */
    {{"sudoku_parse", ext_parse}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_parse", ext_parse}, 2, DETERMINISTIC, NULL, NULL},
    /* version and build information: the version is a constant of the
     * module; sudoku_debug looks at the CPU and the SQLite library when it
     * runs, so it is innocuous but not deterministic */
    {{"sudoku_version", ext_version}, 0, DETERMINISTIC, NULL, NULL},
    {{"sudoku_debug", ext_debug}, 0, SQLITE_UTF8 | SQLITE_INNOCUOUS, NULL, NULL},
    /* Sudoku Explainer rating (se.c) */
    {{"sudoku_se_rating", ext_se_rating}, 1, DETERMINISTIC, ext_se_rating_data,
     ext_se_rating_data_free},
    {{"sudoku_se_rating", ext_se_rating}, 2, DETERMINISTIC, ext_se_rating_data,
     ext_se_rating_data_free},
    /* uniform random grids and top-band classes */
    {{"sudoku_random_grid", ext_random_grid}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_band_class", ext_band_class}, 1, DETERMINISTIC, NULL, NULL},
    /* the collector's facts (facts.c) */
    {{"sudoku_clues", ext_clues}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_pattern", ext_pattern}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_status", ext_status}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_is_solution", ext_is_solution}, 2, DETERMINISTIC, NULL, NULL},
    {{"sudoku_symmetry", ext_symmetry}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_is_minimal", ext_is_minimal}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_redundant_clues", ext_redundant_clues}, 1, DETERMINISTIC, NULL, NULL},
    {{"sudoku_backdoor", ext_backdoor}, 1, DETERMINISTIC, NULL, NULL},
};

/* Virtual table modules (table-valued functions), same place; `aux`, where
 * set, makes the module's client data per connection (freed by aux_free). */
static const struct {
    const char *name;
    const sqlite3_module *module;
    void *(*aux)(void **shared);
    void (*aux_free)(void *);
} modules[] = {
    /* scrambles */
    {"sudoku_scrambles", &ext_scrambles_module, NULL, NULL},

    /* reading files (direct-only: xConnect says so) */
    {"sudoku_read", &ext_read_module, NULL, NULL},
    /* Sudoku Explainer rating (se.c) */
    {"sudoku_se_steps", &ext_se_steps_module, ext_se_rater_aux, ext_se_rater_aux_free},
    /* top-band classes */
    {"sudoku_band_classes", &ext_band_classes_module, NULL, NULL},
    /* making puzzles (sudoku_generate rates SE targets with the
     * connection's rater) */
    {"sudoku_generate", &ext_generate_module, ext_se_rater_aux, ext_se_rater_aux_free},
    {"sudoku_neighbors", &ext_neighbors_module, NULL, NULL},
};

#ifdef _WIN32
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
int sqlite3_sudoku_init(sqlite3 *db, char **errmsg,
                        const sqlite3_api_routines *api)
{
    int rc = SQLITE_OK;
    SQLITE_EXTENSION_INIT2(api);
    (void)errmsg;
    void *se_shared = NULL; /* the SE rater of this connection (se.c) */
    for (size_t i = 0; rc == SQLITE_OK && i < sizeof functions / sizeof *functions; i++) {
        void *data = (void *)&functions[i];
        if (functions[i].data && !(data = functions[i].data(&functions[i].fn, &se_shared)))
            return SQLITE_NOMEM;
        /* (on failure SQLite frees the data with data_free itself) */
        rc = sqlite3_create_function_v2(db, functions[i].fn.name, functions[i].nargs,
                                        functions[i].flags, data, ext_null_rule, NULL,
                                        NULL, functions[i].data_free);
    }
    for (size_t i = 0; rc == SQLITE_OK && i < sizeof modules / sizeof *modules; i++) {
        void *aux = NULL;
        if (modules[i].aux && !(aux = modules[i].aux(&se_shared)))
            return SQLITE_NOMEM;
        /* (on failure SQLite frees aux with aux_free itself) */
        rc = sqlite3_create_module_v2(db, modules[i].name, modules[i].module, aux,
                                      modules[i].aux_free);
    }
    return rc;
}
