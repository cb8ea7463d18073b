package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;

import java.util.function.Consumer;

/**
 * Runs a change on the pipeline of every HTTP connection once Micronaut has built it, through its
 * {@link NettyServerCustomizer} SPI: how {@link StrictFramingCustomizer} and {@link LingeringCloseCustomizer} add
 * their handlers.
 */
@Internal
final class ConnectionPipelines {

    private ConnectionPipelines() {
    }

    /**
     * @param registry  Micronaut's customizer registry
     * @param customize changes one connection's built pipeline
     */
    static void onEachBuilt(NettyServerCustomizer.Registry registry, Consumer<ChannelPipeline> customize) {
        registry.register(new NettyServerCustomizer() {
            @Override
            public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
                return role == ChannelRole.CONNECTION ? new Connection(channel, customize) : this;
            }
        });
    }

    /** The customizer of one connection. */
    private record Connection(Channel channel, Consumer<ChannelPipeline> customize) implements NettyServerCustomizer {

        @Override
        public void onStreamPipelineBuilt() {
            customize.accept(channel.pipeline());
        }
    }
}
