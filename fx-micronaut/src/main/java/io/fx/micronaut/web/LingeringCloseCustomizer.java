package io.fx.micronaut.web;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpServerCodec;
import jakarta.inject.Singleton;

/**
 * Adds a {@link LingeringCloseHandler} after the HTTP/1 codec of every connection, through Micronaut's
 * {@link NettyServerCustomizer} SPI, so a body refused before it was read (413) ends in a connection the client can
 * still read the answer from.
 */
@Internal
@Singleton
@Requires(classes = NettyServerCustomizer.class)
final class LingeringCloseCustomizer implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new NettyServerCustomizer() {
            @Override
            public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
                return role == ChannelRole.CONNECTION ? new Connection(channel) : this;
            }
        });
        return event.getBean();
    }

    /** The customizer of one connection. */
    private static final class Connection implements NettyServerCustomizer {

        private final Channel channel;

        Connection(Channel channel) {
            this.channel = channel;
        }

        @Override
        public void onStreamPipelineBuilt() {
            ChannelPipeline pipeline = channel.pipeline();
            String codecName = ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC;
            if (pipeline.get(codecName) instanceof HttpServerCodec && pipeline.get(LingeringCloseHandler.NAME) == null) {
                pipeline.addAfter(codecName, LingeringCloseHandler.NAME, new LingeringCloseHandler());
            }
        }
    }
}
