import type { StoryblokTable } from "../generated";
import { usePageLocale } from "../i18n/page-locale";
import { uiText } from "../i18n/ui-texts";
import styles from "./ProjectLayout.module.css";

/** The facts table beside the description; the first column names each row. */
export function ProjectFacts({ table }: { table: StoryblokTable | undefined }) {
  const locale = usePageLocale();
  if (!table || table.tbody.length === 0) return null;
  const headings = table.thead.map((cell) => cell.value).filter(Boolean);
  return (
    <table className={styles.facts}>
      <caption className={styles.factsCaption}>{uiText(locale, "keyFacts")}</caption>
      {headings.length > 0 && (
        <thead className="visually-hidden">
          <tr>
            {table.thead.map((cell) => (
              <th key={cell._uid} scope="col">
                {cell.value}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {table.tbody.map((row) => (
          <tr key={row._uid}>
            {row.body.map((cell, index) =>
              index === 0 ? (
                <th key={cell._uid} scope="row">
                  {cell.value}
                </th>
              ) : (
                <td key={cell._uid}>{cell.value}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
