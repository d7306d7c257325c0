/*
** cli.c — the `wtensor` command over .npy and TensorProto files: einsum,
** matmul, info, convert, bench.  Built natively and as a WASI command from
** this one file, it writes the same bytes in both.  It uses only the public
** API (wtensor.h), as any embedder would.
**
** Exit status: 0 success, 1 an operation failed (the wtensor error, or a file
** that cannot be read or written, is printed to stderr), 2 a usage error.
** Outputs are written to a temporary file and renamed into place, so a
** failure never leaves a half-written output.
*/
#define _POSIX_C_SOURCE 200809L
#include "wtensor.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { EXIT_FAILED = 1, EXIT_USAGE = 2, MAX_OPERANDS = 32 };

static const char USAGE[] = "usage: wtensor COMMAND [ARGS]\n"
                            "\n"
                            "  einsum EQUATION A.npy [B.npy ...] -o OUT.npy [--path]\n"
                            "                       NumPy's einsum over the operands; --path prints the\n"
                            "                       contraction plan (as numpy.einsum_path), alone without -o\n"
                            "  matmul A.npy B.npy -o OUT.npy\n"
                            "                       NumPy's matmul (1-D promotion, batch broadcasting)\n"
                            "  info FILE...         format, dtype, shape, order and statistics of each file\n"
                            "  convert IN OUT [--form content|fields]\n"
                            "                       between .npy and TensorProto (.pb), by the names' endings\n"
                            "  bench [--quick]      the SIMD multiply-add peak and a float32 GEMM, in GFLOPS\n"
                            "  --version, --help\n"
                            "\n"
                            "Files are .npy (1.0-3.0, either byte order, C or Fortran order) or\n"
                            "TensorFlow TensorProto (.pb). Exit status: 0 ok, 1 failed, 2 usage.\n";

static int usage(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("wtensor: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\n(wtensor --help lists the commands)\n", stderr);
    va_end(ap);
    return EXIT_USAGE;
}

/* a wtensor call failed: its status and message, about `what` */
static int failed(const char *what) {
    fprintf(stderr, "wtensor: %s: %s: %s\n", what, wt_status_name(wt_error_status()), wt_error_message());
    return EXIT_FAILED;
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* ---- files ---------------------------------------------------------------- */

/* the whole file into *bytes (free it), or a message and EXIT_FAILED */
static int read_file(const char *path, unsigned char **bytes, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "wtensor: cannot open '%s': %s\n", path, strerror(errno));
        return EXIT_FAILED;
    }
    struct stat st;
    int rc = EXIT_FAILED;
    unsigned char *buf = NULL;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "wtensor: '%s' is not a regular file\n", path);
    } else if ((unsigned long long)st.st_size >= SIZE_MAX) {
        fprintf(stderr, "wtensor: '%s' has %lld bytes, more than this build can address\n", path,
                (long long)st.st_size);
    } else if (!(buf = malloc((size_t)st.st_size + 1))) {
        fprintf(stderr, "wtensor: out of memory reading '%s' (%lld bytes)\n", path, (long long)st.st_size);
    } else if (fread(buf, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
        fprintf(stderr, "wtensor: cannot read '%s': %s\n", path,
                ferror(f) ? strerror(errno) : "the file shrank while being read");
    } else {
        *bytes = buf, *n = (size_t)st.st_size, buf = NULL, rc = 0;
    }
    free(buf);
    fclose(f);
    return rc;
}

static int is_npy(const unsigned char *b, size_t n) { return n >= 6 && memcmp(b, "\x93NUMPY", 6) == 0; }

/* a tensor from a .npy (recognised by its magic) or a TensorProto (.pb);
** *format (if given) names which */
static int load(const char *path, wt_tensor **t, const char **format) {
    unsigned char *bytes;
    size_t n;
    if (read_file(path, &bytes, &n)) return EXIT_FAILED;
    int rc = 0;
    if (is_npy(bytes, n)) {
        if (wt_npy_read(bytes, n, t)) rc = failed(path);
        if (format) *format = ".npy";
    } else if (ends_with(path, ".pb")) {
        if (wt_proto_read(bytes, n, t)) rc = failed(path);
        if (format) *format = "TensorProto";
    } else {
        fprintf(stderr, "wtensor: '%s' is not a .npy file (no \\x93NUMPY magic) and not named .pb\n", path);
        rc = EXIT_FAILED;
    }
    free(bytes);
    return rc;
}

/* writes t as .npy or TensorProto (by the name's ending) through a temporary file */
static int save(const wt_tensor *t, const char *path, int form) {
    int npy = ends_with(path, ".npy");
    size_t len = 0;
    /* a size query: WT_EINVAL with the size needed, or another failure with len 0 */
    if (npy)
        wt_npy_write(t, NULL, 0, &len);
    else
        wt_proto_write(t, form, NULL, 0, &len);
    if (len == 0) return failed(path);
    unsigned char *buf = malloc(len);
    char *tmp = malloc(strlen(path) + 16);
    int rc = EXIT_FAILED;
    if (!buf || !tmp) {
        fprintf(stderr, "wtensor: out of memory writing '%s' (%zu bytes)\n", path, len);
    } else if (npy ? wt_npy_write(t, buf, len, &len) : wt_proto_write(t, form, buf, len, &len)) {
        rc = failed(path);
    } else {
        snprintf(tmp, strlen(path) + 16, "%s.wtensor-tmp", path);
        FILE *f = fopen(tmp, "wb");
        if (!f) {
            fprintf(stderr, "wtensor: cannot create '%s': %s\n", tmp, strerror(errno));
        } else {
            int ok = fwrite(buf, 1, len, f) == len;
            ok = (fclose(f) == 0) && ok;
            if (ok && rename(tmp, path) == 0) {
                rc = 0;
            } else {
                fprintf(stderr, "wtensor: cannot write '%s': %s\n", path, strerror(errno));
                remove(tmp);
            }
        }
    }
    free(tmp);
    free(buf);
    return rc;
}

static int output_kind_ok(const char *path) { return ends_with(path, ".npy") || ends_with(path, ".pb"); }

/* ---- commands ----------------------------------------------------------- */

/* command-line parsing shared by the commands: positional arguments
** (compacted to the front of argv, in order), -o OUT, and the flags each
** command accepts (others are usage errors) */
typedef struct {
    char **pos;
    int npos;
    const char *out, *form;
    int path, quick;
} args;

static int parse(int argc, char **argv, const char *cmd, const char *flags, args *a) {
    memset(a, 0, sizeof *a);
    a->pos = argv;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "-o") == 0 && strchr(flags, 'o')) {
            if (++i == argc) return usage("%s: -o needs a file name", cmd);
            a->out = argv[i];
        } else if (strcmp(s, "--form") == 0 && strchr(flags, 'f')) {
            if (++i == argc) return usage("%s: --form needs content or fields", cmd);
            a->form = argv[i];
        } else if (strcmp(s, "--path") == 0 && strchr(flags, 'p')) {
            a->path = 1;
        } else if (strcmp(s, "--quick") == 0 && strchr(flags, 'q')) {
            a->quick = 1;
        } else if (s[0] == '-' && s[1] == '-') {
            return usage("%s: unknown option '%s'", cmd, s);
        } else {
            a->pos[a->npos++] = argv[i]; /* npos <= i: never overwrites what is still to be read */
        }
    }
    if (a->out && !output_kind_ok(a->out)) return usage("%s: '%s' must end in .npy or .pb", cmd, a->out);
    return 0;
}

static void free_all(wt_tensor **t, int n) {
    for (int i = 0; i < n; i++) wt_tensor_free(t[i]);
}

static int load_all(char *const *paths, int n, wt_tensor **t) {
    for (int i = 0; i < n; i++) {
        if (load(paths[i], &t[i], NULL)) {
            free_all(t, i);
            return EXIT_FAILED;
        }
    }
    return 0;
}

/* prints einsum_path's JSON plan for the operands' shapes */
static int print_path(const char *eq, wt_tensor *const *t, int n) {
    int ndims[MAX_OPERANDS];
    const int64_t *shapes[MAX_OPERANDS];
    for (int i = 0; i < n; i++) ndims[i] = wt_tensor_ndim(t[i]), shapes[i] = wt_tensor_shape(t[i]);
    size_t len = 0;
    wt_einsum_path(eq, n, ndims, shapes, NULL, 0, &len);
    if (len == 0) return failed("einsum");
    char *json = malloc(len + 1);
    if (!json) {
        fprintf(stderr, "wtensor: out of memory\n");
        return EXIT_FAILED;
    }
    int rc = wt_einsum_path(eq, n, ndims, shapes, json, len + 1, &len) ? failed("einsum") : 0;
    if (!rc) printf("%s\n", json);
    free(json);
    return rc;
}

static int cmd_einsum(int argc, char **argv) {
    args a;
    int rc = parse(argc, argv, "einsum", "op", &a);
    if (rc) return rc;
    if (a.npos < 2) return usage("einsum: needs an equation and at least one operand file");
    if (a.npos - 1 > MAX_OPERANDS) return usage("einsum: at most %d operands", MAX_OPERANDS);
    if (!a.out && !a.path) return usage("einsum: needs -o OUT.npy (or --path to print the plan only)");
    int n = a.npos - 1;
    wt_tensor *t[MAX_OPERANDS], *r = NULL;
    if (load_all(a.pos + 1, n, t)) return EXIT_FAILED;
    if (a.path) rc = print_path(a.pos[0], t, n);
    if (!rc && a.out) {
        if (wt_einsum(a.pos[0], n, (const wt_tensor *const *)t, NULL, &r))
            rc = failed("einsum");
        else
            rc = save(r, a.out, WT_PROTO_CONTENT);
    }
    wt_tensor_free(r);
    free_all(t, n);
    return rc;
}

static int cmd_matmul(int argc, char **argv) {
    args a;
    int rc = parse(argc, argv, "matmul", "o", &a);
    if (rc) return rc;
    if (a.npos != 2) return usage("matmul: needs exactly two operand files, got %d", a.npos);
    if (!a.out) return usage("matmul: needs -o OUT.npy");
    wt_tensor *t[2], *r = NULL;
    if (load_all(a.pos, 2, t)) return EXIT_FAILED;
    if (wt_matmul(t[0], t[1], NULL, &r))
        rc = failed("matmul");
    else
        rc = save(r, a.out, WT_PROTO_CONTENT);
    wt_tensor_free(r);
    free_all(t, 2);
    return rc;
}

/* the number a reduction of x to a 0-d tensor gives */
/* a reduction of x (accumulated in dtype, -1: its own) as complex128: both parts of a complex result */
static int reduced(int rop, const wt_tensor *x, int dtype, double v[2]) {
    wt_tensor *r = NULL, *c = NULL;
    int rc = wt_reduce_dtype(rop, x, -1, NULL, 0, dtype, NULL, &r) || wt_astype(r, WT_COMPLEX128, &c);
    if (!rc) memcpy(v, wt_tensor_data(c), 2 * sizeof(double));
    wt_tensor_free(r);
    wt_tensor_free(c);
    return rc;
}

/* "1.5", or "1.5-2j" when the dtype is complex */
static void print_number(const char *label, const double v[2], int complex) {
    printf(complex ? "  %s %.9g%+.9gj" : "  %s %.9g", label, v[0], v[1]);
}

/* sum of op(in[0], in[1]) over every element, fused (nothing materialised)
** and accumulated in the op's result dtype into a float64 number */
static int fused_sum(int op, int n, const wt_tensor *const *in, const double *scalars, double *v) {
    wt_tensor *acc = NULL;
    int rc = wt_tensor_zeros(WT_FLOAT64, 0, NULL, &acc) ||
             wt_ewise(op, n, in, scalars, 1, 1, acc, WT_REDUCE_SUM, NULL) || wt_tensor_get(acc, NULL, v);
    wt_tensor_free(acc);
    return rc;
}

/* a flat view of t, which is C- or Fortran-ordered as files load */
static int flat_view(const wt_tensor *t, wt_tensor **flat) {
    wt_tensor *c = NULL;
    int rc =
        wt_tensor_is_contiguous(t) ? wt_view_ravel(t, flat) : wt_view_permute(t, 0, NULL, &c) || wt_view_ravel(c, flat);
    wt_tensor_free(c);
    return rc;
}

/* how many elements op (isnan, isfinite) holds for: a bool sum counts in
** int32, so the count runs over views of 2^30 elements at a time */
static int count_of(int op, const wt_tensor *flat, double *count) {
    int64_t n = wt_tensor_size(flat), step = (int64_t)1 << 30;
    *count = 0;
    for (int64_t at = 0; at < n; at += step) {
        char spec[48];
        snprintf(spec, sizeof spec, "%lld:%lld", (long long)at, (long long)(at + step));
        wt_tensor *part = NULL;
        double v = 0;
        int rc = wt_view_slice(flat, spec, &part) || fused_sum(op, 1, (const wt_tensor *const[]){part}, NULL, &v);
        wt_tensor_free(part);
        if (rc) return rc;
        *count += v;
    }
    return 0;
}

/* NumPy's min, max, mean and sum (integer sums in float64, as x*1.0 is; complex
** ones as a+bj, min and max in NumPy's (re, im) order), and for floats and
** complex the NaN and infinity counts */
static int print_stats(const wt_tensor *t, int is_float, int is_complex) {
    int64_t size = wt_tensor_size(t);
    double mn[2], mx[2], sum[2], nan = 0, finite = 0;
    wt_tensor *flat = NULL;
    /* NumPy's (x*1.0).sum(): floats in their own dtype, integers as float64 (int64 too) */
    int rc = reduced(WT_REDUCE_MIN, t, -1, mn) || reduced(WT_REDUCE_MAX, t, -1, mx) ||
             reduced(WT_REDUCE_SUM, t, is_float ? -1 : WT_FLOAT64, sum);
    if (!rc && is_float)
        rc = flat_view(t, &flat) || count_of(WT_OP_ISNAN, flat, &nan) || count_of(WT_OP_ISFINITE, flat, &finite);
    wt_tensor_free(flat);
    if (rc) return rc;
    double mean[2] = {sum[0] / (double)size, sum[1] / (double)size};
    print_number("min", mn, is_complex), print_number("max", mx, is_complex);
    print_number("mean", mean, is_complex), print_number("sum", sum, is_complex);
    if (is_float) printf("  NaN %.0f  inf %.0f", nan, (double)size - finite - nan);
    printf("\n");
    return 0;
}

static void print_shape(const wt_tensor *t) {
    int nd = wt_tensor_ndim(t);
    const int64_t *s = wt_tensor_shape(t);
    putchar('(');
    for (int i = 0; i < nd; i++) printf(i ? ", %lld" : "%lld", (long long)s[i]);
    printf(nd == 1 ? ",)" : ")");
}

static int info_one(const char *path) {
    wt_tensor *t = NULL;
    const char *format;
    if (load(path, &t, &format)) return EXIT_FAILED;
    int dtype = wt_tensor_dtype(t), nd = wt_tensor_ndim(t);
    int64_t size = wt_tensor_size(t);
    /* a Fortran-order .npy loads as a view that is not C-contiguous */
    const char *order =
        nd < 2 || size == 0 || wt_tensor_is_contiguous(t) ? "C order" : "Fortran order (a strided view, no copy)";
    printf("%s: %s, %s, shape ", path, format, wt_dtype_name(dtype));
    print_shape(t);
    size_t isz = wt_dtype_size(dtype);
    printf(", %s, %lld element%s of %zu byte%s\n", order, (long long)size, size == 1 ? "" : "s", isz,
           isz == 1 ? "" : "s");
    int cx = dtype == WT_COMPLEX64 || dtype == WT_COMPLEX128;
    int rc = size > 0 && print_stats(t, cx || dtype == WT_FLOAT16 || dtype == WT_FLOAT32 || dtype == WT_FLOAT64, cx)
                 ? failed(path)
                 : 0;
    wt_tensor_free(t);
    return rc;
}

static int cmd_info(int argc, char **argv) {
    args a;
    int rc = parse(argc, argv, "info", "", &a);
    if (rc) return rc;
    if (a.npos == 0) return usage("info: needs at least one file");
    for (int i = 0; i < a.npos; i++) rc |= info_one(a.pos[i]);
    return rc;
}

static int cmd_convert(int argc, char **argv) {
    args a;
    int rc = parse(argc, argv, "convert", "f", &a);
    if (rc) return rc;
    if (a.npos != 2) return usage("convert: needs IN and OUT, got %d file names", a.npos);
    if (!output_kind_ok(a.pos[1])) return usage("convert: '%s' must end in .npy or .pb", a.pos[1]);
    int form = WT_PROTO_CONTENT;
    if (a.form && strcmp(a.form, "fields") == 0)
        form = WT_PROTO_FIELDS;
    else if (a.form && strcmp(a.form, "content") != 0)
        return usage("convert: --form is content or fields, not '%s'", a.form);
    wt_tensor *t = NULL;
    if (load(a.pos[0], &t, NULL)) return EXIT_FAILED;
    rc = save(t, a.pos[1], form);
    wt_tensor_free(t);
    return rc;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static int cmd_bench(int argc, char **argv) {
    args a;
    int rc = parse(argc, argv, "bench", "q", &a);
    if (rc) return rc;
    if (a.npos) return usage("bench: takes no file names");
    int64_t iters = a.quick ? 100000 : 30000000, n = a.quick ? 64 : 512;
    double t0 = now_seconds();
    wt_probe_peak(iters);
    double peak = (double)wt_probe_flops(iters) / (now_seconds() - t0) / 1e9;
    int64_t shape[2] = {n, n};
    wt_tensor *x = NULL, *y = NULL, *r = NULL;
    if (wt_tensor_arange(0, (double)(n * n), 1, WT_FLOAT32, &r) || wt_view_reshape(r, 2, shape, &x) ||
        wt_tensor_full(WT_FLOAT32, 2, shape, 0.5, &y)) {
        rc = failed("bench");
    } else {
        double times[5];
        for (int i = 0; i < 5 && !rc; i++) {
            wt_tensor *p = NULL;
            double s = now_seconds();
            if (wt_matmul(x, y, NULL, &p)) rc = failed("bench");
            times[i] = now_seconds() - s;
            wt_tensor_free(p);
        }
        if (!rc) {
            qsort(times, 5, sizeof times[0], cmp_double);
            printf("wtensor %s (%s)\n", wt_version(), wt_simd_name());
            printf("f32x4 multiply-add peak: %.1f GFLOPS\n", peak);
            printf("matmul %lldx%lld float32: %.1f GFLOPS (%.3f ms, median of 5)\n", (long long)n, (long long)n,
                   2.0 * (double)(n * n * n) / times[2] / 1e9, times[2] * 1e3);
        }
    }
    wt_tensor_free(r), wt_tensor_free(x), wt_tensor_free(y);
    return rc;
}

int main(int argc, char **argv) {
#ifdef __wasi__
    /* a WASI host that preopens '/' passes its working directory as PWD (as
    ** bindings/cli.js does; wasmtime --dir=. needs nothing).  Natively the
    ** process already is where it was started, and PWD may be stale. */
    const char *pwd = getenv("PWD");
    if (pwd && pwd[0] == '/' && chdir(pwd) != 0) {
        fprintf(stderr, "wtensor: cannot enter PWD '%s': %s\n", pwd, strerror(errno));
        return EXIT_FAILED;
    }
#endif
    if (argc < 2) {
        fputs(USAGE, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(USAGE, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("wtensor %s (%s)\n", wt_version(), wt_simd_name());
        return 0;
    }
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {{"einsum", cmd_einsum},
                    {"matmul", cmd_matmul},
                    {"info", cmd_info},
                    {"convert", cmd_convert},
                    {"bench", cmd_bench}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0) return commands[i].run(argc - 2, argv + 2);
    return usage("unknown command '%s'", cmd);
}
