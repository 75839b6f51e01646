import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityCoreModule } from '@docs/identity';
import { ContentAccess } from './access/content-access';
import { CollectionEntity } from './collections/collection.entity';
import { CollectionPresenter } from './collections/collection.presenter';
import { CollectionsService } from './collections/collections.service';
import { SiblingOrder } from './ordering/sibling-order';
import { RevisionEntity } from './revisions/revision.entity';
import { RevisionsService } from './revisions/revisions.service';
import { SpaceEntity } from './spaces/space.entity';
import { SpacePresenter } from './spaces/space.presenter';
import { SpacesService } from './spaces/spaces.service';

const entities = TypeOrmModule.forFeature([CollectionEntity, SpaceEntity, RevisionEntity]);
const services = [ContentAccess, SiblingOrder, RevisionsService, SpacesService, SpacePresenter, CollectionsService, CollectionPresenter];

/** Collections, spaces, revisions and the content permission model: what later domains build on (no routes). */
@Module({
  imports: [IdentityCoreModule, entities],
  providers: services,
  exports: [entities, ...services],
})
export class ContentCoreModule {}
