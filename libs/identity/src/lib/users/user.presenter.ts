import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { UserEntity } from './user.entity';
import type { UserDto } from './user.dto';

/** UserEntity -> the reference's `User`. */
@Injectable()
export class UserPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(user: UserEntity): UserDto {
    return {
      object: 'user',
      id: user.id,
      displayName: user.displayName,
      email: user.email,
      ...(user.photoUrl ? { photoURL: user.photoUrl } : {}),
      urls: { location: this.urls.api('v1/users', user.id) },
    };
  }
}
