/** Archived items keep their history but leave lists and pickers (archive_item in SQL). */
export function isArchived(item: { archived_at: string | null }): boolean {
  return item.archived_at !== null;
}
