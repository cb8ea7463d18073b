package io.fx.micronaut.web;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import jakarta.inject.Singleton;

/**
 * Makes HTTP/1 framing strict through Micronaut's {@link NettyServerCustomizer} SPI: on each connection
 * the server codec is rebuilt with the same {@code micronaut.server.netty.*} limits but request headers
 * that remember a dropped {@code Content-Length} ({@link StrictFramingHeaders}), and
 * {@link StrictFramingHandler} is added right after it. Switched off with
 * {@code fx.strict-framing.enabled: false}.
 */
@Internal
@Singleton
@Requires(classes = NettyServerCustomizer.class)
@Requires(property = StrictFramingCustomizer.ENABLED, notEquals = "false")
final class StrictFramingCustomizer implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    /** The switch, on by default. */
    static final String ENABLED = "fx.strict-framing.enabled";

    private final StrictFramingHandler handler = new StrictFramingHandler();
    private final NettyHttpServerConfiguration server;

    StrictFramingCustomizer(NettyHttpServerConfiguration server) {
        this.server = server;
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        ConnectionPipelines.onEachBuilt(event.getBean(), this::makeStrict);
        return event.getBean();
    }

    /** Replaces a connection's HTTP/1 codec once its pipeline is built, and adds the handler after it. */
    private void makeStrict(ChannelPipeline pipeline) {
        String codecName = ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC;
        if (!(pipeline.get(codecName) instanceof HttpServerCodec) || pipeline.get(StrictFramingHandler.NAME) != null) {
            return;
        }
        pipeline.replace(codecName, codecName, new HttpServerCodec(new HttpDecoderConfig()
            .setMaxInitialLineLength(server.getMaxInitialLineLength())
            .setMaxHeaderSize(server.getMaxHeaderSize())
            .setMaxChunkSize(server.getMaxChunkSize())
            .setInitialBufferSize(server.getInitialBufferSize())
            .setValidateHeaders(server.isValidateHeaders())
            .setHeadersFactory(StrictFramingHeaders.factory(server.isValidateHeaders()))));
        pipeline.addAfter(codecName, StrictFramingHandler.NAME, handler);
    }
}
