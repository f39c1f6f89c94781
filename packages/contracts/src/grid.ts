/** A page of a server-driven grid (spec §7 "Grid responses"). */
export interface Page<T> {
  content: T[];
  totalSize: number;
}
