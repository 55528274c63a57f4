// rvv_vmask — one-step whole-register mask and scalar-move operations:
// vmand..vmxnor, vcpop.m, vfirst.m, vmsbf/vmsif/vmsof, vmv.x.s / vfmv.f.s.
// One cycle (result registered): every mask op is a VLEN-bit vector
// expression (vfirst = popcount below the lowest set bit), no per-bit loops.
// Masked-off and tail bits of the destination are left undisturbed
// (out_mask says which bits to write).
`default_nettype none
`include "rvv_vops.vh"

module rvv_vmask #(
    parameter integer VLEN = 128
) (
    input  wire            clk,
    input  wire            in_valid,
    input  wire [5:0]      op,        // RVV_M_*
    input  wire [2:0]      lop,       // mask-logical function (funct6[2:0])
    input  wire [1:0]      sew,
    input  wire            vm,
    input  wire [31:0]     evl,       // vl
    input  wire [VLEN-1:0] a,         // vs2
    input  wire [VLEN-1:0] b,         // vs1
    input  wire [VLEN-1:0] v0,
    output reg             out_valid,
    output reg             out_wr,    // out_data/out_mask go to vd
    output reg  [VLEN-1:0] out_data,
    output reg  [VLEN-1:0] out_mask,
    output reg  [31:0]     out_x      // scalar result
);
    localparam integer LW = $clog2(VLEN) + 1;
    // bits [0, evl)
    function automatic [VLEN-1:0] body(input [31:0] n);
        body = (n >= VLEN) ? {VLEN{1'b1}} : ~({VLEN{1'b1}} << n[LW-1:0]);
    endfunction

    always @(posedge clk) begin
        out_valid <= in_valid;
        if (in_valid) begin : exec
            reg [VLEN-1:0] act, x, low, sbf;
            act = body(evl) & (vm ? {VLEN{1'b1}} : v0);
            x   = a & act;
            low = x & (~x + {{(VLEN-1){1'b0}}, 1'b1});
            sbf = (low == {VLEN{1'b0}}) ? {VLEN{1'b1}} : low - {{(VLEN-1){1'b0}}, 1'b1};
            out_wr   <= 1'b1;
            out_mask <= act;
            out_x    <= 32'd0;
            out_data <= {VLEN{1'b0}};
            case (op)
                `RVV_M_LOGIC: begin
                    out_mask <= body(evl);
                    case (lop)
                        3'd0:    out_data <= a & ~b;
                        3'd1:    out_data <= a & b;
                        3'd2:    out_data <= a | b;
                        3'd3:    out_data <= a ^ b;
                        3'd4:    out_data <= a | ~b;
                        3'd5:    out_data <= ~(a & b);
                        3'd6:    out_data <= ~(a | b);
                        default: out_data <= ~(a ^ b);
                    endcase
                end
                `RVV_M_CPOP:  begin out_wr <= 1'b0; out_x <= 32'($countones(x)); end
                `RVV_M_FIRST: begin out_wr <= 1'b0; out_x <= (low == {VLEN{1'b0}}) ? 32'hffffffff : 32'($countones(sbf)); end
                `RVV_M_SBF:   out_data <= sbf;
                `RVV_M_SIF:   out_data <= sbf | low;
                `RVV_M_SOF:   out_data <= low;
                default: begin   // RVV_M_MVXS: element 0 of vs2, sign-extended
                    out_wr <= 1'b0;
                    case (sew)
                        2'd0:    out_x <= {{24{a[7]}}, a[7:0]};
                        2'd1:    out_x <= {{16{a[15]}}, a[15:0]};
                        default: out_x <= a[31:0];
                    endcase
                end
            endcase
        end
    end
endmodule

`default_nettype wire
