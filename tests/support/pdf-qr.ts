/**
 * Reads a QR code back from a PDF as a phone would from the printed page: the first page
 * rendered by poppler's pdftoppm, decoded with jsqr.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";
import { PNG } from "pngjs";

const run = promisify(execFile);

export async function readQrFromPdf(pdf: Uint8Array): Promise<string | undefined> {
  const dir = await mkdtemp(join(tmpdir(), "voucher-pdf-"));
  try {
    await writeFile(join(dir, "voucher.pdf"), pdf);
    await run("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", "voucher.pdf", "page"], {
      cwd: dir,
    });
    const png = PNG.sync.read(await readFile(join(dir, "page.png")));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as poppler reads it. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "voucher-pdf-"));
  try {
    await writeFile(join(dir, "voucher.pdf"), pdf);
    const { stdout } = await run("pdftotext", ["-layout", "voucher.pdf", "-"], { cwd: dir });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
