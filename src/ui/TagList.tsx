import { tagLabel, type ProjectTag } from "../content/shaping/tags";
import styles from "./TagList.module.css";

export function TagList({ tags, label = "Tags" }: { tags: readonly ProjectTag[] | undefined; label?: string }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className={styles.tag}>
          {tagLabel(tag)}
        </li>
      ))}
    </ul>
  );
}
