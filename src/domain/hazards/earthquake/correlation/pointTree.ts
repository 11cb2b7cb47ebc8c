/**
 * Static 3-d k-d tree over site unit vectors (Bentley 1975, "Multidimensional binary search
 * trees used for associative searching", CACM 18:509–517), with the two queries the Vecchia
 * construction needs:
 *
 * - `collectWithin`: all points within a radius (for the max-min ordering updates);
 * - `nearestBefore`: the k nearest points whose rank is below a limit (the conditioning set of a
 *   site among the sites ordered before it). Each node keeps the smallest rank below it, so
 *   subtrees holding only later sites are skipped without being searched.
 *
 * Nodes are split at the median of their widest coordinate, so the depth is ⌈log2(N / leaf)⌉ and
 * all arrays are typed and allocated once.
 */
const LEAF_SIZE = 8;
const STACK_DEPTH = 128;

export class PointTree {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  /** Point ids, permuted so that every node's points are the contiguous range [start, end). */
  private readonly order: Int32Array;
  private readonly start: Int32Array;
  private readonly end: Int32Array;
  /** Child node ids (left, right); −1 for a leaf. */
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  /** Bounding box per node: minX, minY, minZ, maxX, maxY, maxZ. */
  private readonly box: Float64Array;
  /** Smallest point rank in each node (set by `setRanks`). */
  private readonly minRank: Int32Array;
  private rank: Int32Array | null = null;
  private nodeCount = 0;
  private readonly stackNode = new Int32Array(STACK_DEPTH);
  private readonly stackDistance = new Float64Array(STACK_DEPTH);

  constructor(x: Float64Array, y: Float64Array, z: Float64Array) {
    this.x = x;
    this.y = y;
    this.z = z;
    const count = x.length;
    const maxNodes = 4 * Math.ceil(count / LEAF_SIZE) + 4;
    this.order = new Int32Array(count);
    for (let i = 0; i < count; i++) this.order[i] = i;
    this.start = new Int32Array(maxNodes);
    this.end = new Int32Array(maxNodes);
    this.left = new Int32Array(maxNodes);
    this.right = new Int32Array(maxNodes);
    this.box = new Float64Array(6 * maxNodes);
    this.minRank = new Int32Array(maxNodes);
    if (count > 0) this.build(0, count);
  }

  private build(from: number, to: number): number {
    const node = this.nodeCount++;
    this.start[node] = from;
    this.end[node] = to;
    const box = this.box;
    const b = 6 * node;
    box[b] = box[b + 1] = box[b + 2] = Infinity;
    box[b + 3] = box[b + 4] = box[b + 5] = -Infinity;
    for (let i = from; i < to; i++) {
      const p = this.order[i];
      const px = this.x[p];
      const py = this.y[p];
      const pz = this.z[p];
      if (px < box[b]) box[b] = px;
      if (py < box[b + 1]) box[b + 1] = py;
      if (pz < box[b + 2]) box[b + 2] = pz;
      if (px > box[b + 3]) box[b + 3] = px;
      if (py > box[b + 4]) box[b + 4] = py;
      if (pz > box[b + 5]) box[b + 5] = pz;
    }
    if (to - from <= LEAF_SIZE) {
      this.left[node] = -1;
      this.right[node] = -1;
      return node;
    }
    const spanX = box[b + 3] - box[b];
    const spanY = box[b + 4] - box[b + 1];
    const spanZ = box[b + 5] - box[b + 2];
    const axis = spanX >= spanY && spanX >= spanZ ? this.x : spanY >= spanZ ? this.y : this.z;
    const middle = (from + to) >>> 1;
    this.select(axis, from, to - 1, middle);
    this.left[node] = this.build(from, middle);
    this.right[node] = this.build(middle, to);
    return node;
  }

  /** Quickselect (Hoare 1961): reorders order[lo..hi] so that position k holds its median by `axis`. */
  private select(axis: Float64Array, lo: number, hi: number, k: number): void {
    const order = this.order;
    while (hi > lo) {
      const pivot = axis[order[(lo + hi) >>> 1]];
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (axis[order[i]] < pivot) i++;
        while (axis[order[j]] > pivot) j--;
        if (i <= j) {
          const swap = order[i];
          order[i] = order[j];
          order[j] = swap;
          i++;
          j--;
        }
      }
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else return;
    }
  }

  /** Records each point's rank (its position in the site ordering) for `nearestBefore`. */
  setRanks(rank: Int32Array): void {
    this.rank = rank;
    for (let node = this.nodeCount - 1; node >= 0; node--) {
      // Children are created after their parent, so a reverse sweep sees children first.
      if (this.left[node] >= 0) {
        this.minRank[node] = Math.min(this.minRank[this.left[node]], this.minRank[this.right[node]]);
        continue;
      }
      let smallest = 0x7fffffff;
      for (let i = this.start[node]; i < this.end[node]; i++) smallest = Math.min(smallest, rank[this.order[i]]);
      this.minRank[node] = smallest;
    }
  }

  private boxDistanceSquared(node: number, qx: number, qy: number, qz: number): number {
    const b = 6 * node;
    const box = this.box;
    const dx = qx < box[b] ? box[b] - qx : qx > box[b + 3] ? qx - box[b + 3] : 0;
    const dy = qy < box[b + 1] ? box[b + 1] - qy : qy > box[b + 4] ? qy - box[b + 4] : 0;
    const dz = qz < box[b + 2] ? box[b + 2] - qz : qz > box[b + 5] ? qz - box[b + 5] : 0;
    return dx * dx + dy * dy + dz * dz;
  }

  /** Writes into `out` the ids of all points within squared distance `radiusSquared` of point q; returns their count. */
  collectWithin(q: number, radiusSquared: number, out: Int32Array): number {
    const qx = this.x[q];
    const qy = this.y[q];
    const qz = this.z[q];
    let found = 0;
    let top = 0;
    this.stackNode[top++] = 0;
    while (top > 0) {
      const node = this.stackNode[--top];
      if (this.boxDistanceSquared(node, qx, qy, qz) > radiusSquared) continue;
      if (this.left[node] >= 0) {
        this.stackNode[top++] = this.left[node];
        this.stackNode[top++] = this.right[node];
        continue;
      }
      for (let i = this.start[node]; i < this.end[node]; i++) {
        const p = this.order[i];
        const dx = this.x[p] - qx;
        const dy = this.y[p] - qy;
        const dz = this.z[p] - qz;
        if (dx * dx + dy * dy + dz * dz <= radiusSquared) out[found++] = p;
      }
    }
    return found;
  }

  /**
   * The (up to) k nearest points to point q among those with rank < rankLimit, as ids in
   * `outIds` with squared distances in `outDistances` (a max-heap, not sorted); returns how many.
   * Ties at equal distance are resolved by the fixed traversal order, so results are reproducible.
   */
  nearestBefore(q: number, rankLimit: number, k: number, outIds: Int32Array, outDistances: Float64Array): number {
    const rank = this.rank;
    if (rank === null) throw new Error('PointTree.nearestBefore needs setRanks first');
    const qx = this.x[q];
    const qy = this.y[q];
    const qz = this.z[q];
    let found = 0;
    let top = 0;
    this.stackNode[top] = 0;
    this.stackDistance[top++] = this.boxDistanceSquared(0, qx, qy, qz);
    while (top > 0) {
      top--;
      const node = this.stackNode[top];
      if (this.minRank[node] >= rankLimit) continue;
      if (found === k && this.stackDistance[top] >= outDistances[0]) continue;
      const leftChild = this.left[node];
      if (leftChild >= 0) {
        const rightChild = this.right[node];
        const leftDistance = this.boxDistanceSquared(leftChild, qx, qy, qz);
        const rightDistance = this.boxDistanceSquared(rightChild, qx, qy, qz);
        // Push the farther child first so the nearer one is searched first.
        const nearLeft = leftDistance <= rightDistance;
        this.stackNode[top] = nearLeft ? rightChild : leftChild;
        this.stackDistance[top++] = nearLeft ? rightDistance : leftDistance;
        this.stackNode[top] = nearLeft ? leftChild : rightChild;
        this.stackDistance[top++] = nearLeft ? leftDistance : rightDistance;
        continue;
      }
      for (let i = this.start[node]; i < this.end[node]; i++) {
        const p = this.order[i];
        if (rank[p] >= rankLimit) continue;
        const dx = this.x[p] - qx;
        const dy = this.y[p] - qy;
        const dz = this.z[p] - qz;
        const distance = dx * dx + dy * dy + dz * dz;
        if (found < k) {
          heapPush(outIds, outDistances, found++, p, distance);
        } else if (distance < outDistances[0]) {
          heapReplaceTop(outIds, outDistances, k, p, distance);
        }
      }
    }
    return found;
  }
}

/** Max-heap on distances: adds (id, distance) as entry `size`. */
function heapPush(ids: Int32Array, distances: Float64Array, size: number, id: number, distance: number): void {
  let child = size;
  while (child > 0) {
    const parent = (child - 1) >>> 1;
    if (distances[parent] >= distance) break;
    ids[child] = ids[parent];
    distances[child] = distances[parent];
    child = parent;
  }
  ids[child] = id;
  distances[child] = distance;
}

/** Max-heap on distances of `size` entries: replaces the largest with (id, distance). */
function heapReplaceTop(ids: Int32Array, distances: Float64Array, size: number, id: number, distance: number): void {
  let parent = 0;
  for (;;) {
    let child = 2 * parent + 1;
    if (child >= size) break;
    if (child + 1 < size && distances[child + 1] > distances[child]) child++;
    if (distances[child] <= distance) break;
    ids[parent] = ids[child];
    distances[parent] = distances[child];
    parent = child;
  }
  ids[parent] = id;
  distances[parent] = distance;
}
