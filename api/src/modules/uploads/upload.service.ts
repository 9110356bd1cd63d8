import { randomBytes, randomUUID } from "node:crypto";
import { type DataSource, In, type Repository } from "typeorm";
import type { Viewer } from "../../policies/viewer";
import { TooLargeError, ValidationError } from "../../errors";
import { requirePartner } from "../../policies/account.policy";
import { detectFileType, MAX_UPLOAD_BYTES, UPLOAD_REFUSED, UPLOAD_TOO_LARGE } from "./file-type";
import { type Storage } from "./storage";
import { UPLOAD_PREFIX } from "./upload-links";
import { UploadedFile } from "./uploaded-file.entity";

export interface UploadResult {
  link: string;
  name: string;
  type: string;
}

/** File names are kept for display only: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control characters (below 32, and 127), quotes and angle brackets are dropped.
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 32 && char.charCodeAt(0) !== 127 && !'"<>'.includes(char))
    .join("")
    .trim()
    .slice(0, 255);
  return cleaned || "fichier";
}

export class UploadService {
  private readonly files: Repository<UploadedFile>;

  constructor(
    dataSource: DataSource,
    private readonly storage: Storage,
  ) {
    this.files = dataSource.getRepository(UploadedFile);
  }

  assertCanUpload(viewer: Viewer): void {
    requirePartner(viewer);
  }

  /** Stores a file a partner sent; refuses what is too large or not what it claims to be. */
  async store(viewer: Viewer, originalName: string, bytes: Buffer): Promise<UploadResult> {
    const user = requirePartner(viewer);
    if (bytes.length > MAX_UPLOAD_BYTES) throw new TooLargeError(UPLOAD_TOO_LARGE);
    if (bytes.length === 0) throw new ValidationError("Le fichier est vide.");
    const type = detectFileType(bytes);
    if (!type) throw new ValidationError(UPLOAD_REFUSED);
    const storageKey = `${randomBytes(16).toString("base64url")}.${type.extension}`;
    const name = cleanFileName(originalName);
    await this.storage.put(storageKey, [bytes]);
    try {
      await this.files.insert({
        id: randomUUID(),
        storageKey,
        originalName: name,
        mimeType: type.mime,
        size: bytes.length,
        uploadedBy: user.id,
        createdAt: new Date(),
      });
    } catch (error) {
      await this.storage.remove(storageKey);
      throw error;
    }
    return { link: `${UPLOAD_PREFIX}${storageKey}`, name, type: type.mime };
  }

  /** The stored files behind links of the form /uploads/<key>. */
  async byLinks(links: string[]): Promise<Map<string, UploadedFile>> {
    const keys = links.filter((link) => link.startsWith(UPLOAD_PREFIX)).map((link) => link.slice(UPLOAD_PREFIX.length));
    if (keys.length === 0) return new Map();
    const found = await this.files.findBy({ storageKey: In(keys) });
    return new Map(found.map((file) => [`${UPLOAD_PREFIX}${file.storageKey}`, file]));
  }

  findByKey(storageKey: string): Promise<UploadedFile | null> {
    return this.files.findOneBy({ storageKey });
  }

  read(storageKey: string) {
    return this.storage.read(storageKey);
  }

  /** Removes files no media refers to any more. */
  async removeLinks(links: string[]): Promise<void> {
    for (const file of (await this.byLinks(links)).values()) {
      await this.files.delete({ id: file.id });
      await this.storage.remove(file.storageKey);
    }
  }
}
