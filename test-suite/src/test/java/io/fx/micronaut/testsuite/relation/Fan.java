package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Relation test model: belongs to a writer through a writeonly key, which responses never show. */
@FxModel
public class Fan extends BaseModel {

    @Fx("required")
    private String nickname;
    @Fx("writeonly, onDelete:cascade")
    private String writerId;

    public String getNickname() { return nickname; }
    public void setNickname(String nickname) { this.nickname = nickname; }
    public String getWriterId() { return writerId; }
    public void setWriterId(String writerId) { this.writerId = writerId; }
}
