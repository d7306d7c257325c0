/* replay.c — runs a fuzz target's LLVMFuzzerTestOneInput over files and
** directories of inputs, without libFuzzer.  Linked with each target in
** every build (gcc, clang, ASan, WASI), so the committed corpora — seeds and
** every past finding — are regression tests everywhere.  A target that finds
** a bug aborts; the line before says which input it was. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return printf("cannot open %s\n", path), 0;
    static uint8_t buf[1 << 20]; /* libFuzzer's default -max_len is far below this */
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    printf("replay %s (%zu bytes)\n", path, n);
    LLVMFuzzerTestOneInput(buf, n);
    return 1;
}

static int replay(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) return printf("cannot stat %s\n", path), -1;
    if (!S_ISDIR(st.st_mode)) return replay_file(path);
    DIR *d = opendir(path);
    if (!d) return printf("cannot open directory %s\n", path), -1;
    int count = 0;
    struct dirent *e;
    char child[4096];
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        int r = replay(child);
        if (r < 0) count = -1000000;
        count += r;
    }
    closedir(d);
    return count;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IONBF, 0);
    int total = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        int r = replay(argv[i]);
        if (r <= 0)
            bad++, printf("no inputs replayed from %s\n", argv[i]);
        else
            total += r;
    }
    /* the closing line ctest matches */
    printf("replayed %d inputs\n%d passed, %d failed\n", total, bad ? 0 : total, bad);
    return bad != 0;
}
