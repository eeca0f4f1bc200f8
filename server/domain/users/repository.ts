import type { EntityManager } from 'typeorm';
import type { PageQuery } from '../../../shared/api/common';
import type { Role } from '../../../shared/domain/roles';
import { User } from '../../entities/user';
import { containsPattern, paginate } from '../pagination';
import { preparedRead } from '../../db/prepared-query';

const ORDERINGS = {
  id: 'u.id',
  email: 'u.email',
  first_name: 'u.firstName',
  last_name: 'u.lastName',
  role: 'u.role',
};

/** A page of users with their institutes, of one institute when `instituteId` is given. */
export function pageOfUsers(
  manager: EntityManager,
  query: PageQuery & { search?: string },
  instituteId?: number,
) {
  const qb = manager
    .getRepository(User)
    .createQueryBuilder('u')
    .leftJoinAndSelect('u.institutes', 'inst');
  if (query.search) {
    qb.andWhere('(u.email ILIKE :s OR u.first_name ILIKE :s OR u.last_name ILIKE :s)', {
      s: containsPattern(query.search),
    });
  }
  if (instituteId !== undefined) {
    qb.andWhere('u.id IN (SELECT user_id FROM user_institutes WHERE institute_id = :instituteId)', {
      instituteId,
    });
  }
  return paginate(qb, query, ORDERINGS, 'email');
}

/** The user with their institutes, or null. */
export const findUserWithInstitutes = (manager: EntityManager, id: number) =>
  manager.getRepository(User).findOne({ where: { id }, relations: { institutes: true } });

/** What a signed-in request needs of its user, in one plain query (every request asks for it). */
export interface SignedInUser {
  id: number;
  email: string;
  role: Role;
  isStaff: boolean;
  /** Active, with a password set: may use the API. */
  usable: boolean;
  instituteIds: number[];
  /** Each of those institutes' generation (entity InstituteGeneration), in the same order. */
  generations: string[];
}

export async function findSignedInUser(
  manager: EntityManager,
  id: number,
): Promise<SignedInUser | null> {
  const [row] = (await preparedRead(
    manager,
    `SELECT u.id, u.email, u.role, u.is_staff AS "isStaff",
            u.is_active AND coalesce(u.password_hash, '') <> '' AS usable,
            m.ids AS "instituteIds", m.generations
     FROM users u, LATERAL (
       SELECT coalesce(array_agg(ui.institute_id ORDER BY ui.institute_id), '{}') AS ids,
              coalesce(array_agg(coalesce(g.generation, 0)::text ORDER BY ui.institute_id), '{}')
                AS generations
       FROM user_institutes ui
       LEFT JOIN institute_generations g ON g.institute_id = ui.institute_id
       WHERE ui.user_id = u.id) m
     WHERE u.id = $1`,
    [id],
  )) as unknown as SignedInUser[];
  return row ?? null;
}

export const findUserByEmail = (manager: EntityManager, email: string) =>
  manager.getRepository(User).findOne({ where: { email }, relations: { institutes: true } });

export const findUser = (manager: EntityManager, id: number) =>
  manager.getRepository(User).findOneBy({ id });

export const emailTaken = (manager: EntityManager, email: string) =>
  manager.getRepository(User).existsBy({ email });

export async function insertUser(manager: EntityManager, fields: Partial<User>) {
  const repo = manager.getRepository(User);
  return repo.save(repo.create(fields));
}

export async function saveUser(manager: EntityManager, user: User) {
  await manager.getRepository(User).save(user);
}

export async function updateUser(manager: EntityManager, id: number, columns: Partial<User>) {
  // An empty change changes nothing; TypeORM would throw.
  if (Object.values(columns).every((v) => v === undefined)) return;
  await manager.getRepository(User).update(id, columns);
}

export async function deleteUser(manager: EntityManager, id: number) {
  await manager.getRepository(User).delete(id);
}
