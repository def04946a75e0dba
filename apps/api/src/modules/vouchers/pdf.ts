/**
 * A voucher as a PDF (product.md §1 "Print or download a voucher"): the code as text and as a
 * QR code the merchant can scan, the deal and merchant, the merchant's addresses, how to
 * redeem it, when it expires and the fine print. Drawn with pdfkit; the QR code by qrcode.
 */
import { longDate } from "@deals/domain/long-date";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { PrintableVoucher } from "./schemas.ts";

const QR_SIZE = 170;

export async function voucherPdf(
  voucher: PrintableVoucher,
  brandName: string,
  locale: string,
): Promise<Buffer> {
  const qr = await QRCode.toBuffer(voucher.code, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    width: 400,
  });
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `${brandName} voucher ${voucher.code}`, Author: brandName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const heading = (text: string) =>
    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(12).text(text).font("Helvetica").fontSize(10);
  doc.font("Helvetica-Bold").fontSize(10).fillColor("#555555").text(brandName.toUpperCase());
  doc.fillColor("#000000").fontSize(18).text(voucher.dealHeadline, { width: 300 });
  doc.font("Helvetica").fontSize(11).text(voucher.title, { width: 300 });
  doc.moveDown(0.5).text(`Merchant: ${voucher.merchantName}`, { width: 300 });
  doc.image(qr, doc.page.width - 50 - QR_SIZE, 50, { width: QR_SIZE, height: QR_SIZE });

  doc.moveDown(1).font("Helvetica-Bold").fontSize(11).text("Voucher code");
  doc.font("Courier-Bold").fontSize(22).text(voucher.code);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Order reference: ${voucher.orderReference}`);
  doc.text(`Expires: ${longDate(voucher.expiresAt, locale)}`);
  doc.text(`Status: ${voucher.status}`);
  if (voucher.protected) doc.text(`Voucher protection: ${voucher.banner ?? "in progress"}`);
  doc.y = Math.max(doc.y, 50 + QR_SIZE + 10);

  heading("How to redeem");
  for (const line of voucher.redemptionInstructions) doc.text(`• ${line}`);
  if (voucher.addresses.length > 0 || voucher.merchantWebsite) {
    heading(`Where: ${voucher.merchantName}`);
    for (const a of voucher.addresses) {
      doc.text([a.addressLine1, a.addressLine2, a.town, a.postCode].filter(Boolean).join(", "));
    }
    if (voucher.merchantWebsite) doc.text(voucher.merchantWebsite);
  }
  if (voucher.finePrint.length > 0) {
    heading("Fine print");
    for (const line of voucher.finePrint) doc.fontSize(9).text(`• ${line}`);
  }
  doc.end();
  return done;
}
