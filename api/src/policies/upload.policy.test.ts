import { describe, expect, it } from "vitest";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";
import { canAttachUpload } from "./upload.policy";
import { ANONYMOUS, viewerOf } from "./viewer";

const viewer = (id: string, role: Role) =>
  viewerOf(Object.assign(new User(), { id, role, status: UserStatus.CONFIRMED, networks: [] }));

describe("attaching an upload to a media", () => {
  const upload = { uploadedBy: "author" };

  it("is for the partner who sent it, or any file already attached to the media", () => {
    expect(canAttachUpload(viewer("author", Role.NEWS_PARTNER), upload, false)).toBe(true);
    expect(canAttachUpload(viewer("co-author", Role.NEWS_PARTNER), upload, false)).toBe(false);
    expect(canAttachUpload(viewer("co-author", Role.NEWS_PARTNER), upload, true)).toBe(true);
  });

  it("is open to administrators and closed to visitors", () => {
    expect(canAttachUpload(viewer("someone", Role.ADMIN), upload, false)).toBe(true);
    expect(canAttachUpload(ANONYMOUS, upload, true)).toBe(false);
  });
});
