/** One line of the benchmark table: a figure, and where it has one, the baseline measured in the same run. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  note?: string;
}
