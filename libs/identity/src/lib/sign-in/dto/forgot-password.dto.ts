import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** `POST /auth/forgot-password`. */
export class ForgotPasswordDto {
  @IsString() @MinLength(1) @MaxLength(320)
  email: string;

  @IsOptional() @IsString() @MaxLength(2048)
  next?: string;
}
