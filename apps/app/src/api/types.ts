/**
 * The wire types the app reads: the reference's (`@gitbook/api`, types only: nothing of it is
 * bundled), and the project's extensions.
 */
export type {
  Collection,
  ChangeRequest,
  JSONDocument,
  Organization,
  RevisionPage,
  RevisionPageDocument,
  RevisionPageGroup,
  SearchPageResult,
  Space,
  User,
} from '@gitbook/api';

export interface ListOf<T> {
  items: T[];
  count: number;
  next?: { page: string };
}
