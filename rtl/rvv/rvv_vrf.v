// rvv_vrf — the vector register file: 32 x VLEN flops.
//
// Ports: three combinational read ports for the arithmetic unit (a: vs2,
// b: vs1, c: vd), v0 always visible (the mask), one combinational read port
// for the VLSU (store data, indices); two write ports: the arithmetic unit's
// (bit-masked, so mask-register and element writes share it) and the VLSU's
// (byte-enabled). The scoreboard in rvv_vec guarantees the two writers never
// target the same register in one cycle.
//
// Reset clears every register (the platform's defined initial state: v0..v31
// = 0, as QEMU and the RISC-V reset convention of our ABI assume). The VRF is
// flops, so this is a synchronous reset of those flops; without it a model
// reused for the next program kept the previous program's vectors.
`default_nettype none

module rvv_vrf #(
    parameter integer VLEN = 128
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [4:0]        ra_idx,
    output wire [VLEN-1:0]   ra_data,
    input  wire [4:0]        rb_idx,
    output wire [VLEN-1:0]   rb_data,
    input  wire [4:0]        rc_idx,
    output wire [VLEN-1:0]   rc_data,
    output wire [VLEN-1:0]   v0,
    input  wire [4:0]        rl_idx,
    output wire [VLEN-1:0]   rl_data,
    input  wire              wa_valid,
    input  wire [4:0]        wa_idx,
    input  wire [VLEN-1:0]   wa_mask,
    input  wire [VLEN-1:0]   wa_data,
    input  wire              wl_valid,
    input  wire [4:0]        wl_idx,
    input  wire [VLEN/8-1:0] wl_be,
    input  wire [VLEN-1:0]   wl_data
);
    reg [VLEN-1:0] r [0:31] /* verilator public_flat_rd */;

    assign ra_data = r[ra_idx];
    assign rb_data = r[rb_idx];
    assign rc_data = r[rc_idx];
    assign rl_data = r[rl_idx];
    assign v0      = r[0];

    function automatic [VLEN-1:0] bitmask(input [VLEN/8-1:0] be);
        integer k;
        for (k = 0; k < VLEN / 8; k = k + 1) bitmask[k*8 +: 8] = {8{be[k]}};
    endfunction

    integer i;
    always @(posedge clk) begin
        if (rst) begin
            for (i = 0; i < 32; i = i + 1) r[i] <= {VLEN{1'b0}};
        end else begin
            if (wa_valid) r[wa_idx] <= (r[wa_idx] & ~wa_mask) | (wa_data & wa_mask);
            if (wl_valid) r[wl_idx] <= (r[wl_idx] & ~bitmask(wl_be)) | (wl_data & bitmask(wl_be));
        end
    end
endmodule

`default_nettype wire
