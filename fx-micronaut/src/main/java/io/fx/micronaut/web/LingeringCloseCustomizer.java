package io.fx.micronaut.web;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpServerCodec;
import jakarta.inject.Singleton;

/**
 * Adds a {@link LingeringCloseHandler} after the HTTP/1 codec of every connection, so a body refused before it was
 * read (413) ends in a connection the client can still read the answer from.
 */
@Internal
@Singleton
@Requires(classes = NettyServerCustomizer.class)
final class LingeringCloseCustomizer implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        ConnectionPipelines.onEachBuilt(event.getBean(), LingeringCloseCustomizer::addHandler);
        return event.getBean();
    }

    private static void addHandler(ChannelPipeline pipeline) {
        String codecName = ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC;
        if (pipeline.get(codecName) instanceof HttpServerCodec && pipeline.get(LingeringCloseHandler.NAME) == null) {
            pipeline.addAfter(codecName, LingeringCloseHandler.NAME, new LingeringCloseHandler());
        }
    }
}
