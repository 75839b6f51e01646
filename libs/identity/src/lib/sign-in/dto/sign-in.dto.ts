import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** `POST /auth/sign-in`, as JSON or as the sign-in page's form. */
export class SignInDto {
  @IsString() @MinLength(1) @MaxLength(320)
  email: string;

  // Longer than any password we accept (256 characters) can be: it is wrong, not malformed.
  @IsString() @MinLength(1) @MaxLength(4096)
  password: string;

  /** Where to go once signed in: a path of this origin (anything else goes to /). */
  @IsOptional() @IsString() @MaxLength(2048)
  next?: string;
}
