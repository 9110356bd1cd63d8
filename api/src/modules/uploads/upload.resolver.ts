import type { FileUpload } from "graphql-upload/processRequest.mjs";
import GraphQLUpload from "graphql-upload/GraphQLUpload.mjs";
import { Authorized, Arg, Ctx, Field, Mutation, ObjectType, Resolver } from "type-graphql";
import { Context } from "../../context";
import { TooLargeError } from "../../errors";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from "./file-type";

@ObjectType({ description: "Un fichier reçu : son lien sur le portail, son nom et son type." })
class UploadResult {
  @Field({ description: "Lien du fichier (/uploads/…)." }) link: string;
  @Field() name: string;
  @Field({ description: "Type MIME, lu dans le contenu du fichier." }) type: string;
}

/** Reads an upload into memory, refusing it as soon as it passes the size limit. */
async function readUpload(upload: Promise<FileUpload>): Promise<{ name: string; bytes: Buffer }> {
  const { createReadStream, filename } = await upload;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of createReadStream({ highWaterMark: 64 * 1024 })) {
      size += (chunk as Buffer).length;
      if (size > MAX_UPLOAD_BYTES) throw new TooLargeError(UPLOAD_TOO_LARGE);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof TooLargeError) throw error;
    // graphql-upload ends the stream with an error when its own size limit is hit.
    throw new TooLargeError(UPLOAD_TOO_LARGE);
  }
  return { name: filename, bytes: Buffer.concat(chunks) };
}

@Resolver()
export class UploadResolver {
  @Mutation(() => UploadResult, {
    description:
      "Envoi d'un fichier (requête multipart GraphQL, en-tête Apollo-Require-Preflight) : images, PDF, documents bureautiques, 10 Mo au plus.",
  })
  @Authorized()
  async uploadFile(@Arg("file", () => GraphQLUpload) file: Promise<FileUpload>, @Ctx() ctx: Context) {
    // Policy first: a visitor's file is never even read.
    ctx.services.uploads.assertCanUpload(ctx.viewer);
    const { name, bytes } = await readUpload(file);
    return ctx.services.uploads.store(ctx.viewer, name, bytes);
  }
}
