import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Clock, InstanceSecrets } from '@docs/platform';
import { jwtVerify, SignJWT } from 'jose';
import type { MemberRoleOrGuest } from './member-role';

export interface VisitorClaims {
  organizationId: string;
  userId: string;
  role: MemberRoleOrGuest;
}

const AUDIENCE = 'visitor-claims';
const LIFETIME_SECONDS = 60 * 60;

/**
 * The `serviceVisitorClaims` token of `POST /orgs/{id}/ping`: a JWT (HS256, signed with this
 * installation's `visitor-claims` key) naming the member and the organization, valid for one
 * hour. Visitor-authenticated sites verify it with `verify`.
 */
@Injectable()
export class VisitorClaimsTokens {
  constructor(
    private readonly secrets: InstanceSecrets,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sign(claims: VisitorClaims): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ organization: claims.organizationId, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.config.urls.api)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + LIFETIME_SECONDS)
      .sign(await this.secrets.get('visitor-claims'));
  }

  /** The claims of a token this installation signed; throws if forged, altered or expired. */
  async verify(token: string): Promise<VisitorClaims> {
    const { payload } = await jwtVerify(token, await this.secrets.get('visitor-claims'), {
      issuer: this.config.urls.api,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: this.clock.now(),
    });
    if (typeof payload.sub !== 'string' || typeof payload.organization !== 'string') throw new Error('incomplete visitor claims');
    return { userId: payload.sub, organizationId: payload.organization, role: (payload.role ?? null) as MemberRoleOrGuest };
  }
}
