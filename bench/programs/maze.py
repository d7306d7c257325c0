"""Maze generation by randomized depth-first search on a 121 x 161 grid: a Python-level
loop of scalar reads, writes and one random draw per step."""


def run(np):
    rng = np.random.default_rng(10)
    h, w = 121, 161
    M = np.zeros((h, w), dtype=np.int8)
    M[1, 1] = 1
    stack = [(1, 1)]
    while stack:
        y, x = stack[-1]
        nb = [(y + dy, x + dx) for dy, dx in ((-2, 0), (2, 0), (0, -2), (0, 2))
              if 0 < y + dy < h and 0 < x + dx < w and M[y + dy, x + dx] == 0]
        if not nb:
            stack.pop()
            continue
        ny, nx = nb[rng.integers(0, len(nb))]
        M[(y + ny) // 2, (x + nx) // 2] = 1
        M[ny, nx] = 1
        stack.append((ny, nx))
    return M
