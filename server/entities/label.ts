import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Institute } from './institute';

@Entity('labels')
@Index(['instituteId', 'label'], { unique: true })
export class Label {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 40 })
  label: string;

  @Column({ type: 'varchar', length: 9, default: '#4FC1BE' })
  color: string;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;
}
