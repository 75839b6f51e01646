import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller, OrganizationAccess } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { DeliveriesService } from '../deliveries/deliveries.service';
import { DeliveryDto, DeliveryListDto } from '../deliveries/delivery.dto';
import { DeliveryPresenter } from '../deliveries/delivery.presenter';
import { ListDeliveriesQueryDto } from '../deliveries/dto/list-deliveries.query';
import { CreateWebhookDto, UpdateWebhookDto } from './dto/webhook-body.dto';
import { WebhookDto, WebhookListDto, WebhookWithSecretDto } from './webhook.dto';
import { WebhookPresenter } from './webhook.presenter';
import { WebhooksService } from './webhooks.service';

/** An organization's webhooks and what they were sent (extension; organization admins only). */
@ApiTags('webhooks')
@Controller('v1/orgs/:organizationId/webhooks')
export class WebhooksController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly webhooks: WebhooksService,
    private readonly deliveries: DeliveriesService,
    private readonly presenter: WebhookPresenter,
    private readonly deliveryPresenter: DeliveryPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listWebhooks', summary: "The organization's webhooks, newest first (admins)." })
  @ApiOkResponse({ type: WebhookListDto })
  @ApiErrors(400, 403, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListQueryDto): Promise<ListEnvelope<WebhookDto>> {
    const member = await this.access.require(organizationId, caller);
    return toListEnvelope(await this.webhooks.list(member, query), (webhook) => this.presenter.present(webhook));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createWebhook', summary: 'Create a webhook (admins). The answer carries its signing secret, shown only this once.' })
  @ApiCreatedResponse({ type: WebhookWithSecretDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateWebhookDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WebhookWithSecretDto> {
    const member = await this.access.require(organizationId, caller);
    const { webhook, secret } = await this.webhooks.create(member, body);
    const presented = this.presenter.presentWithSecret(webhook, secret);
    res.setHeader('Location', presented.urls.location);
    return presented;
  }

  @Get(':webhookId')
  @ApiOperation({ operationId: 'getWebhook', summary: 'A webhook (admins; its secret is never shown again).' })
  @ApiOkResponse({ type: WebhookDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string): Promise<WebhookDto> {
    const member = await this.access.require(organizationId, caller);
    return this.presenter.present(await this.webhooks.get(member, webhookId));
  }

  @Patch(':webhookId')
  @ApiOperation({ operationId: 'updateWebhook', summary: 'Change a webhook: URL, events, filters; pause, resume, or turn a disabled one back on (admins).' })
  @ApiOkResponse({ type: WebhookDto })
  @ApiErrors(400, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookDto> {
    const member = await this.access.require(organizationId, caller);
    return this.presenter.present(await this.webhooks.update(member, webhookId, body));
  }

  @Delete(':webhookId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteWebhook', summary: 'Delete a webhook with its deliveries (admins).' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors(404)
  async delete(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string): Promise<void> {
    const member = await this.access.require(organizationId, caller);
    await this.webhooks.delete(member, webhookId);
  }

  @Post(':webhookId/secret/rotate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'rotateWebhookSecret', summary: 'A new signing secret, shown once; the previous one keeps signing beside it for 24 hours (admins).' })
  @ApiOkResponse({ type: WebhookWithSecretDto })
  @ApiErrors(404)
  async rotate(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string): Promise<WebhookWithSecretDto> {
    const member = await this.access.require(organizationId, caller);
    const { webhook, secret } = await this.webhooks.rotateSecret(member, webhookId);
    return this.presenter.presentWithSecret(webhook, secret);
  }

  @Post(':webhookId/ping')
  @HttpCode(202)
  @ApiOperation({ operationId: 'pingWebhook', summary: 'Send a signed `ping` to the webhook (the worker sends it; follow the delivery for the result).' })
  @ApiAcceptedResponse({ type: DeliveryDto })
  @ApiErrors(404)
  async ping(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DeliveryDto> {
    const member = await this.access.require(organizationId, caller);
    const presented = this.deliveryPresenter.present(await this.deliveries.ping(member, webhookId));
    res.setHeader('Location', presented.urls.location);
    return presented;
  }

  @Get(':webhookId/deliveries')
  @ApiOperation({ operationId: 'listWebhookDeliveries', summary: "A webhook's deliveries with their attempts, newest first (admins)." })
  @ApiOkResponse({ type: DeliveryListDto })
  @ApiErrors(400, 404)
  async listDeliveries(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Query() query: ListDeliveriesQueryDto,
  ): Promise<ListEnvelope<DeliveryDto>> {
    const member = await this.access.require(organizationId, caller);
    return toListEnvelope(await this.deliveries.list(member, webhookId, query), (view) => this.deliveryPresenter.present(view));
  }

  @Get(':webhookId/deliveries/:deliveryId')
  @ApiOperation({ operationId: 'getWebhookDelivery', summary: 'A delivery and every attempt (admins).' })
  @ApiOkResponse({ type: DeliveryDto })
  @ApiErrors(404)
  async getDelivery(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<DeliveryDto> {
    const member = await this.access.require(organizationId, caller);
    return this.deliveryPresenter.present(await this.deliveries.get(member, webhookId, deliveryId));
  }

  @Post(':webhookId/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({ operationId: 'redeliverWebhookDelivery', summary: "Send a delivery's event again, as a new delivery (one attempt, outside the webhook's order)." })
  @ApiAcceptedResponse({ type: DeliveryDto })
  @ApiErrors(400, 404)
  async redeliver(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DeliveryDto> {
    const member = await this.access.require(organizationId, caller);
    const presented = this.deliveryPresenter.present(await this.deliveries.redeliver(member, webhookId, deliveryId));
    res.setHeader('Location', presented.urls.location);
    return presented;
  }
}
