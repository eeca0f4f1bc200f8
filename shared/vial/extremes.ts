/**
 * The extremes of one bucket, seen a value at a time: its first lowest and first highest values
 * and where they are (the rule of min/max thinning, in one place).
 */
export class Extremes {
  low = 0;
  high = 0;
  lowest = 0;
  highest = 0;

  /** The bucket's `j`th value; 0 starts the bucket. */
  see(value: number, j: number): void {
    if (j === 0) {
      this.low = value;
      this.high = value;
      this.lowest = 0;
      this.highest = 0;
    } else if (value < this.low) {
      this.low = value;
      this.lowest = j;
    } else if (value > this.high) {
      this.high = value;
      this.highest = j;
    }
  }
}

/**
 * The chart series as the pass that computes the metrics (AccelerationPass) feeds them: it hands
 * each sample's |a| and running auc, auc_225hz and power to the extremes of their buckets as it
 * computes them, so the series cost a few comparisons a sample beside the metrics rather than a
 * second pass of square roots, low-pass filters and bucket-sized arrays (on a metrics thread,
 * its prototypes frozen, that pass cost four times the metrics).
 */
export interface SeriesSink {
  /** How many samples the bucket being filled still takes: 0 once every bucket is full. */
  readonly room: number;
  /** The index in its bucket of the next sample. */
  readonly at: number;
  /** The bucket's extremes of |a| and of the running metrics, as far as it has been seen. */
  readonly acceleration: Extremes;
  readonly auc: Extremes;
  readonly auc225hz: Extremes;
  readonly power: Extremes;
  /** Takes the `length` samples seen from `at` on: a bucket they fill is thinned. */
  filled(length: number): void;
}
