import { Column, Entity, ManyToOne, PrimaryColumn } from 'typeorm';
import { Institute } from './institute';

/**
 * An organization's lab-outcome settings (lab-feed.md section 7): the HI above which each
 * analyte is released with a comment (mg/dL; null: no comment tier). No row: all null.
 */
@Entity('lab_feed_settings')
export class LabFeedSettings {
  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'double precision', nullable: true })
  commentAbovePotassium: number | null;

  @Column({ type: 'double precision', nullable: true })
  commentAboveLdh: number | null;

  @Column({ type: 'double precision', nullable: true })
  commentAboveAsat: number | null;
}
