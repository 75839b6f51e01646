import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** `POST /auth/password` and `POST /auth/invitation`: the link's secret and the new password. */
export class SetPasswordDto {
  @IsString() @MinLength(1) @MaxLength(256)
  token: string;

  // The policy's limits (12 to 256 characters) are checked with its own message.
  @IsString() @MaxLength(4096)
  password: string;

  /** An invitation's page asks for a name (optional). */
  @IsOptional() @IsString() @MaxLength(100)
  displayName?: string;

  /** The page repeats the address (read-only) for password managers; ignored. */
  @IsOptional() @IsString() @MaxLength(320)
  email?: string;
}
