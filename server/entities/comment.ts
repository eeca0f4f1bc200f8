import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { TransitRecord } from './record';
import { User } from './user';
import { Validation } from './validation';

/**
 * A remark on a record or a validation. The commented resource is one of two foreign keys rather
 * than a (type, id) pair so that comments go with their record or validation when it is deleted.
 */
@Entity('comments')
@Check('CHK_comment_one_resource', 'num_nonnulls(record_id, validation_id) = 1')
@Index(['recordId', 'createdDate'])
@Index(['validationId', 'createdDate'])
export class Comment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 5000 })
  comment: string;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  commenter: User | null;

  @Column({ type: 'int', nullable: true })
  commenterId: number | null;

  /** 'First Last' when written: what the comment shows after the author's account is deleted. */
  @Column({ type: 'varchar', length: 301 })
  commenterName: string;

  @ManyToOne(() => TransitRecord, { nullable: true, onDelete: 'CASCADE' })
  record: TransitRecord | null;

  @Column({ type: 'int', nullable: true })
  recordId: number | null;

  @ManyToOne(() => Validation, { nullable: true, onDelete: 'CASCADE' })
  validation: Validation | null;

  @Column({ type: 'int', nullable: true })
  validationId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdDate: Date;

  @Column({ type: 'timestamptz', nullable: true })
  editedDate: Date | null;
}
