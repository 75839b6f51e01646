import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';
import { MEMBER_ROLES, MemberRoleOrGuest } from '../members/member-role';

/** An invitation not accepted yet (extension): who, with which role, until when its link works. */
export class PendingInvitationDto {
  @ApiProperty({ enum: ['invitation'] }) object: 'invitation';
  @ApiProperty({ description: "The invitation's id." }) id: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty({ description: 'The invited member (GET .../members/{userId}).' }) userId: string;
  @ApiProperty({ enum: MEMBER_ROLES, nullable: true, description: "The member's role now; null: a guest." }) role: MemberRoleOrGuest;
  @ApiProperty({ format: 'date-time', description: 'When the invitation was sent.' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'When its link stops working.' }) expiresAt: string;
}

export class PendingInvitationListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [PendingInvitationDto] }) items: PendingInvitationDto[];
}
