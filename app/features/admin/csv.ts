/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A CSV file as a download (UTF-8 with BOM, so spreadsheets read umlauts right). */
export function csvResponse(csv: string, fileName: string) {
  return new Response(`\uFEFF${csv}`, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"` },
  });
}
